"""Layout properties of the shared labels and sections, read off the control
tree (the phone itself is checked by eye; this keeps what was fixed fixed):
a label of fixed width grows with its text instead of cutting a line off,
selecting a label never changes its size, and a section's content starts at
the left edge."""

from __future__ import annotations

import flet as ft
import pytest

from companion.ui.widgets import TOUCH, chip, expander, tile


def frame_and_padding(label: ft.Container) -> tuple[float, float]:
    """What a label adds around its text: (either side, above and below)."""
    frame = label.border.left.width
    return label.padding.left + frame, label.padding.top + frame


def strut(label: ft.Container) -> ft.Container | None:
    row = label.content
    if isinstance(row, ft.Row):
        return next((c for c in row.controls if isinstance(c, ft.Container) and c.width == 0), None)
    return None


@pytest.mark.parametrize("make", [
    lambda selected: chip("Coat of Arms of the Loge", "#5d4037", selected=selected, width=104, size=14, padding=4),
    lambda selected: chip("Ana", "#c62828", selected=selected, fill_row=True),
    lambda selected: tile("Silk", ("#fff", "#000"), selected=selected, width=96),
])
def test_a_label_of_fixed_width_grows_with_its_text_from_touch_height(make) -> None:
    for selected in (False, True):
        label = make(selected)
        assert label.height is None                      # no fixed height to cut the second line off
        text = next(c for c in label.content.controls if isinstance(c, ft.Text))
        assert text.expand and text.max_lines is None    # wraps within the label's width
        # the invisible strut keeps a one-line label at a full touch target
        assert strut(label).height + 2 * frame_and_padding(label)[1] == TOUCH


@pytest.mark.parametrize("make", [
    lambda selected: chip("Ben", "#1565c0", selected=selected),
    lambda selected: chip("Ben", "#1565c0", selected=selected, width=104),
    lambda selected: tile("Silk", ("#fff", "#000"), selected=selected),
    lambda selected: tile("Silk", ("#fff", "#000"), selected=selected, width=96),
])
def test_selecting_a_label_keeps_its_size(make) -> None:
    def outer(label: ft.Container) -> tuple[object, float, float]:
        """Its width (or what it adds either side of the text), and its height
        around one line of text: the frame goes inside these, never outside."""
        side, edge = frame_and_padding(label)
        held = strut(label)
        return label.width, side, 2 * edge + (held.height if held is not None else 0)

    assert outer(make(False)) == outer(make(True))


def test_a_section_starts_its_content_at_the_left_edge() -> None:
    section = expander("Events", [ft.Text("Airlift")], expanded=True)
    assert section.expanded_cross_axis_alignment == ft.CrossAxisAlignment.START
    assert section.expanded_alignment == ft.Alignment.TOP_LEFT
    assert section.expanded and isinstance(section.title, ft.Text) and section.title.value == "Events"

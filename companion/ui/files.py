"""Files in and out of the app where the person is: in the browser a download
(the bytes are handed to the browser) and an upload (the chosen file's bytes
are read in the browser and sent over the app's own connection); in a desktop
window the system's save and open dialogs.  Nothing leaves the machine.

Every call takes the page's own picker (``App.picker``), made once as the
app starts and only called after that.  A picker made for each download was
registered with the page from the event loop, while a redraw for another
device's move could be diffing the same page in the redraw thread
(``changes.redraw_in_turn``).  Once, in the test suite, Flet no longer knew
the picker when the browser answered ("Control with ID ... is not
registered"), and that error ends the phone's connection."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft


async def download(picker: ft.FilePicker, page: Any, file_name: str, data: bytes) -> str | None:
    """Offer ``data`` as a file called ``file_name``: a browser download in
    web mode, a save dialog elsewhere.  Returns where it went (the name in
    the browser), or None if the person cancelled."""
    path = await picker.save_file(file_name=file_name, src_bytes=data)
    if getattr(page, "web", False):
        return path or file_name
    if path:
        Path(path).write_bytes(data)
    return path


async def pick_text(picker: ft.FilePicker, extensions: tuple[str, ...] = ("json",)) -> tuple[str, str] | None:
    """Let the person choose a file; returns (name, text) or None."""
    files = await picker.pick_files(file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=list(extensions),
                                    with_data=True, cancel_upload_on_window_blur=False)
    if not files:
        return None
    chosen = files[0]
    data = chosen.bytes
    if data is None and chosen.path:
        data = Path(chosen.path).read_bytes()
    if data is None:
        return None
    return chosen.name, data.decode("utf-8", errors="replace")

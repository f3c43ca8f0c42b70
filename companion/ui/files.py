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
registered"), and that error ends the phone's connection.

A file is chosen with :func:`pick_action`: the browser's file chooser is opened
by the client itself, inside the person's tap (Flet's ``ft.PickFiles`` client
action), and the chosen file comes back as the picker's ``on_result``
(:func:`chosen_text`).  A chooser asked for from Python (``pick_files``) opens
only after the tap has gone to Python and back, and a browser opens one only
while it still counts the tap (Chromium: 5 s).  Flet's client refuses it in an
Apple browser once the tap no longer counts ("This browser only opens a file
picker while it is handling a user's click"; iOS Safari, Flet's documentation
says, drops it after any round trip), and in the static build (Pyodide in the
phone's browser) with Python busy at the tap no chooser opened at all."""

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


def pick_action(picker: ft.FilePicker, extensions: tuple[str, ...] = ("json",)) -> ft.PickFiles:
    """The tap's own file chooser (a client action on the button): the chosen file's bytes
    arrive at ``picker.on_result``."""
    return ft.PickFiles(picker, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=list(extensions),
                        with_data=True, cancel_upload_on_window_blur=False)


def chosen_text(files: list[Any] | None, web: bool) -> tuple[str, str] | None:
    """The first chosen file as (name, text), or None (cancelled, or nothing to read).  In a
    browser the file is its bytes only: a path a browser names is never read here."""
    if not files:
        return None
    chosen = files[0]
    data = chosen.bytes
    if isinstance(data, list):  # a client that sent the bytes as a list of numbers
        data = bytes(data)
    if data is None and chosen.path and not web:  # a desktop window's own dialog
        data = Path(chosen.path).read_bytes()
    if data is None:
        return None
    return chosen.name, data.decode("utf-8", errors="replace")

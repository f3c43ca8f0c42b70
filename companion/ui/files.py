"""Files in and out of the app where the person is: in the browser a download
(the bytes are handed to the browser) and an upload (the chosen file's bytes
are read in the browser and sent over the app's own connection); in a desktop
window the system's save and open dialogs.  Nothing leaves the machine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft


async def download(page: Any, file_name: str, data: bytes) -> str | None:
    """Offer ``data`` as a file called ``file_name``: a browser download in
    web mode, a save dialog elsewhere.  Returns where it went (the name in
    the browser), or None if the person cancelled."""
    picker = ft.FilePicker()
    path = await picker.save_file(file_name=file_name, src_bytes=data)
    if getattr(page, "web", False):
        return path or file_name
    if path:
        Path(path).write_bytes(data)
    return path


async def pick_text(extensions: tuple[str, ...] = ("json",)) -> tuple[str, str] | None:
    """Let the person choose a file; returns (name, text) or None."""
    picker = ft.FilePicker()
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

"""Play history and statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from .app import App


def history_body(app: "App") -> ft.Control:
    return ft.Column([ft.Text(app._("No finished games yet."))])

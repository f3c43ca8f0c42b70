"""The smallest Flet web app: one button and one text (``bench_ui_latency.py``'s
floor -- what a tap costs in Flet itself on this machine, through the same
uvicorn and web client as the app, with none of the app's work).

    .venv/bin/python benchmarks/minimal_flet_app.py PORT
"""

from __future__ import annotations

import sys

import flet as ft
import uvicorn


def main(page: ft.Page) -> None:
    taps = [0]
    shown = ft.Text("Tapped 0 times")

    def tapped(e: ft.Event[ft.Button]) -> None:
        taps[0] += 1
        shown.value = f"Tapped {taps[0]} times"
        page.update()

    page.add(ft.Button("Tap me", on_click=tapped), shown)


if __name__ == "__main__":
    port = int(sys.argv[1])
    app = ft.run(main, no_cdn=True, name="", export_asgi_app=True)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio")

"""The web client the server hands out asks no other host: the Rive CDN
address in flet-web's compiled client is replaced by a local path of the same
length; the app's assets are copied (not linked) beside it; our splash
replaces Flet's logo."""

from __future__ import annotations

from companion.paths import assets_dir
from companion.ui.offline_web import RIVE_CDN, RIVE_LOCAL, flet_web_dir, patch_client, patch_index, web_assets


def test_patch_keeps_the_length_and_removes_the_cdn():
    data = b"xx" + RIVE_CDN + b"rive_native.js yy"
    patched = patch_client(data)
    assert len(patched) == len(data) and RIVE_CDN not in patched
    assert patched.startswith(b"xx/") and b"//" not in patched.split(b"xx", 1)[1][:len(RIVE_LOCAL)]


def test_served_folder_has_no_cdn_address_our_splash_and_real_copies(tmp_path):
    folder = web_assets(assets_dir(), base=tmp_path)
    for name in ("main.dart.js", "main.dart.wasm"):
        original = (flet_web_dir() / name).read_bytes()
        served = (folder / name).read_bytes()
        assert RIVE_CDN in original  # flet-web still carries it: the patch matters
        assert RIVE_CDN not in served and b"cdn.jsdelivr.net" not in served and len(served) == len(original)
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert "loading-animation.png" not in index and 'id="loading"' in index
    font = next((folder / "fonts").iterdir())
    assert not font.is_symlink() and not (folder / "fonts").is_symlink()
    assert web_assets(assets_dir(), base=tmp_path) == folder  # built once


def test_patch_index_without_a_loading_block_leaves_it():
    assert patch_index("<html></html>") == "<html></html>"

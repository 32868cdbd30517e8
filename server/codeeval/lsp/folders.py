"""Which workspace folder a document belongs to, and where a folder's files live on disk."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

from pygls.uris import from_fs_path, to_fs_path


def uri_path(uri: str) -> Path | None:
    """The local path of a `file:` URI; None for `untitled:` and other schemes."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def path_uri(path: str | Path) -> str:
    """A file path as a URI."""
    return from_fs_path(str(path)) or Path(path).resolve().as_uri()


def uri_stem(uri: str) -> str:
    """A file-name stem for any URI: `file:///a/two_sum.py` -> two_sum, `untitled:Untitled-1` -> Untitled-1."""
    path = uri_path(uri)
    if path is not None:
        return path.stem
    tail = unquote(urlparse(uri).path or uri.split(":", 1)[-1]).rstrip("/").rsplit("/", 1)[-1]
    return Path(tail).stem or "untitled"


def folder_for(uri: str, folder_uris: list[str]) -> str | None:
    """The workspace folder holding `uri` (the longest matching prefix), or None."""
    best = None
    for folder in folder_uris:
        prefix = folder.rstrip("/") + "/"
        if uri.startswith(prefix) and (best is None or len(folder) > len(best)):
            best = folder
    return best


def base_dir(uri: str, folder_uri: str | None, root_uri: str | None) -> Path | None:
    """Where relative settings (problems folders) and `.codeeval/` resolve for a document.

    The workspace folder when there is one; else the file's own directory; else
    the workspace root; else None (an untitled buffer in an empty window).
    """
    if folder_uri and uri_path(folder_uri) is not None:
        return uri_path(folder_uri)
    own = uri_path(uri)
    if own is not None:
        return own.parent
    if root_uri and uri_path(root_uri) is not None:
        return uri_path(root_uri)
    return None

"""Load a file of scripts/ (or examples/) as a module, so tests call its functions (neither is a package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str, folder: str = "scripts") -> ModuleType:
    """FOLDER/NAME.py (scripts/ by default), imported afresh."""
    spec = importlib.util.spec_from_file_location(name, ROOT / folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""Print the lowest versions pyproject.toml allows for ttools' dependencies, as pip constraints
(`name==floor`), for the CI step that runs the README's first command on them."""

import re
import sys
from pathlib import Path

text = Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml").read_text(encoding="utf-8")
block = re.search(r"^dependencies = \[(.*?)^\]", text, re.S | re.M).group(1)
for name, spec in re.findall(r'"([A-Za-z0-9_.\[\]-]+)\s*([^"]*)"', block):
    floor = re.search(r">=\s*([0-9][^,\s]*)", spec)
    if floor is None:
        sys.exit(f"{name}: no floor (>=) in pyproject.toml")
    print(f"{name.split('[')[0]}=={floor.group(1)}")

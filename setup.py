"""What pyproject.toml cannot say: the sample workbooks of samples/ go into the package, as
ttools/samples/, so that ``ttools sample`` has them wherever ttools is installed (pipx, a wheel).
samples/ stays where the README's commands and the generators use it."""

import glob
import os

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_samples(build_py):
    def run(self) -> None:
        super().run()
        target = os.path.join(self.build_lib, "ttools", "samples")
        self.mkpath(target)
        for path in sorted(glob.glob(os.path.join("samples", "*.xlsx"))):
            self.copy_file(path, os.path.join(target, os.path.basename(path)))


setup(cmdclass={"build_py": build_py_with_samples})

"""Checks the files `scripts/python.sh wheels` wrote: what a release of robots-lens puts on PyPI.

Usage: python scripts/check-wheels.py [--auditwheel PATH] DIR

DIR must hold exactly one sdist and one wheel for each platform of EXPECTED, and each wheel must
be what its name claims, read from the extension module itself rather than from the name:

- tagged cp39-abi3 (one wheel for every CPython from 3.9) and with its platform tag;
- its ELF file built for the machine the tag names (e_machine of the ELF header);
- on manylinux2014, no symbol version newer than GLIBC_2.17 (the glibc of CentOS 7), read from
  the version needs of the module (`readelf -V`), and only the libraries the manylinux2014
  policy allows; on musllinux, no glibc symbol version at all and musl's libc;
- auditwheel (when given), which reads the same file with its own policies, finds a manylinux
  wheel consistent with its tag. It judges a musllinux wheel only on a musl system: it looks for
  the `libc.so` the module links among this machine's libraries, and on glibc that file is a
  linker script it cannot read, so here the musl wheels rest on the checks above.

The sdist must carry what a build from it needs: the extension's crate and pyproject, the
crates it depends on by path, the workspace manifest and Cargo.lock (so a build from it resolves
the versions tested here).

Every problem is printed, not just the first; the closing line is "N passed, N failed".
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

# Platform tag (as in the wheel's name) -> ELF machine it must be built for, C library.
EXPECTED = {
    "manylinux_2_17_x86_64": ("x86_64", "glibc"),
    "manylinux_2_17_aarch64": ("aarch64", "glibc"),
    "musllinux_1_2_x86_64": ("x86_64", "musl"),
    "musllinux_1_2_aarch64": ("aarch64", "musl"),
}
# The manylinux2014 policy (PEP 599): glibc 2.17 and the libraries it lets a wheel link.
NEWEST_GLIBC = (2, 17)
MANYLINUX_LIBRARIES = {
    "libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0", "libgcc_s.so.1",
    "libstdc++.so.6", "libutil.so.1", "libcrypt.so.1", "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
}
# The musllinux policy (PEP 656, auditwheel's policy file): musl's libc alone, which the module
# names `libc.so` and musl's loader resolves to itself.
MUSLLINUX_LIBRARIES = {"libc.so"}
# e_machine values of the ELF header (the System V ABI's registry).
ELF_MACHINES = {62: "x86_64", 183: "aarch64"}
SDIST_MEMBERS = [
    "pyproject.toml",
    "Cargo.toml",
    "Cargo.lock",
    "crates/python/Cargo.toml",
    "crates/python/src/lib.rs",
    "crates/core/Cargo.toml",
    "crates/cli/Cargo.toml",
    "crates/fetch/Cargo.toml",
]


class Report:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, ok: bool, what: str, detail: str = "") -> bool:
        if ok:
            self.passed += 1
            print(f"    ok: {what}")
        else:
            self.failed += 1
            print(f"FAILED: {what}{': ' + detail if detail else ''}")
        return ok


def elf_machine(data: bytes) -> str:
    if data[:4] != b"\x7fELF":
        return "not an ELF file"
    # e_machine is the half-word at offset 18, in the file's byte order (EI_DATA, byte 5).
    order = "little" if data[5] == 1 else "big"
    number = int.from_bytes(data[18:20], order)
    return ELF_MACHINES.get(number, f"machine {number}")


def readelf(option: str, path: Path) -> str:
    # readelf reads an ELF file of any architecture (objdump only those binutils was built for).
    return subprocess.run(
        ["readelf", option, "--wide", str(path)], check=True, capture_output=True, text=True
    ).stdout


def check_wheel(report: Report, wheel: Path, tag: str, auditwheel: str | None) -> None:
    machine, libc = EXPECTED[tag]
    name = wheel.name
    report.check("-cp39-abi3-" in name, f"{name} is tagged cp39-abi3")
    with zipfile.ZipFile(wheel) as archive, tempfile.TemporaryDirectory() as scratch:
        modules = [info for info in archive.infolist() if info.filename.endswith(".so")]
        if not report.check(len(modules) == 1, f"{name} holds one extension module",
                            ", ".join(info.filename for info in modules) or "none"):
            return
        module = Path(scratch) / "module.so"
        module.write_bytes(archive.read(modules[0]))
        found = elf_machine(module.read_bytes()[:64])
        report.check(found == machine, f"{name}: the module is built for {machine}", found)
        needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf("-d", module)))
        glibc = {
            tuple(int(part) for part in version.split("."))
            for version in re.findall(r"Name: GLIBC_([0-9.]+)", readelf("-V", module))
        }
        if libc == "glibc":
            newest = max(glibc, default=(0,))
            report.check(
                newest <= NEWEST_GLIBC,
                f"{name}: the newest glibc symbol version it needs is "
                f"{'.'.join(map(str, newest))} (at most {'.'.join(map(str, NEWEST_GLIBC))})",
            )
            report.check(needed <= MANYLINUX_LIBRARIES,
                         f"{name} links only the libraries manylinux2014 allows",
                         ", ".join(sorted(needed - MANYLINUX_LIBRARIES)))
        else:
            report.check(not glibc, f"{name} needs no glibc symbol version",
                         ", ".join(".".join(map(str, v)) for v in sorted(glibc)))
            report.check("libc.so" in needed and needed <= MUSLLINUX_LIBRARIES,
                         f"{name} links musl's libc alone", ", ".join(sorted(needed)))
    if auditwheel and libc == "musl":
        print(f"    (auditwheel not asked about {name}: it reads musl wheels only on a musl system)")
    elif auditwheel:
        shown = subprocess.run([auditwheel, "show", str(wheel)], capture_output=True, text=True)
        text = " ".join((shown.stdout + shown.stderr).split())
        report.check(shown.returncode == 0 and f'consistent with the following platform tag: "{tag}"' in text,
                     f"auditwheel finds {name} consistent with {tag}", text[:400])


def check_sdist(report: Report, sdist: Path) -> None:
    with tarfile.open(sdist) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for member in SDIST_MEMBERS:
        report.check(member in members, f"{sdist.name} carries {member}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--auditwheel", help="the auditwheel command, to check each wheel with it too")
    arguments = parser.parse_args()
    report = Report()
    wheels = sorted(arguments.directory.glob("*.whl"))
    for tag in EXPECTED:
        matching = [wheel for wheel in wheels if re.search(rf"[-.]{tag}(\.|$)", wheel.stem)]
        if report.check(len(matching) == 1, f"one wheel for {tag}",
                        f"found {[wheel.name for wheel in matching]}"):
            check_wheel(report, matching[0], tag, arguments.auditwheel)
    claimed = {wheel for wheel in wheels if any(re.search(rf"[-.]{tag}(\.|$)", wheel.stem) for tag in EXPECTED)}
    report.check(claimed == set(wheels), "no other wheel",
                 ", ".join(wheel.name for wheel in sorted(set(wheels) - claimed)))
    sdists = sorted(arguments.directory.glob("*.tar.gz"))
    if report.check(len(sdists) == 1, "one sdist", f"found {[sdist.name for sdist in sdists]}"):
        check_sdist(report, sdists[0])
    print(f"{report.passed} passed, {report.failed} failed")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())

// The folders a program's dynamic loader looks in first for its shared
// libraries: the RUNPATH (or the older RPATH) its link wrote into it, as a
// build tree's (CMake's) executable has it pointing at the build's own
// libraries. A contained bot must see them, or the loader fails with status
// 127 (arbiter.process.contained, sandbox.cc). Reads the file's headers
// only; never runs it (ldd may).
#pragma once

#include <string>
#include <vector>

namespace arbiter::harness {

// The absolute folders of `program`'s DT_RUNPATH, else its DT_RPATH, in
// order, $ORIGIN (and ${ORIGIN}) replaced by the program's own folder; empty
// when it is no 64-bit little-endian ELF file or names none. At most 4 KiB
// of path list is read.
std::vector<std::string> ElfRunpath(const std::string& program);

}  // namespace arbiter::harness

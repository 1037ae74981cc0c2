// ElfRunpath (elf_runpath.h): the ELF file's program headers, its dynamic
// section and, through the load segment that maps it, its string table.
#include "process/elf_runpath.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <optional>

#include "process/path_list.h"

namespace arbiter::harness {
namespace {

constexpr size_t kMaxPathList = 4096;
constexpr size_t kMaxHeaders = 256;  // program headers, dynamic entries: far more than real files

class File {
 public:
  explicit File(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~File() {
    if (fd_ >= 0) ::close(fd_);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  bool Read(uint64_t offset, void* out, size_t n) const {
    return fd_ >= 0 && ::pread(fd_, out, n, static_cast<off_t>(offset)) == static_cast<ssize_t>(n);
  }

 private:
  int fd_;
};

// The file offset of virtual address `addr`, through the load segment that maps it.
std::optional<uint64_t> OffsetOf(const std::vector<Elf64_Phdr>& segments, uint64_t addr) {
  for (const Elf64_Phdr& p : segments)
    if (p.p_type == PT_LOAD && addr >= p.p_vaddr && addr - p.p_vaddr < p.p_filesz)
      return addr - p.p_vaddr + p.p_offset;
  return std::nullopt;
}

std::string PathList(const std::string& program) {
  const File f(program);
  Elf64_Ehdr h{};
  if (!f.Read(0, &h, sizeof h) || std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0 ||
      h.e_ident[EI_CLASS] != ELFCLASS64 || h.e_ident[EI_DATA] != ELFDATA2LSB ||
      h.e_phentsize != sizeof(Elf64_Phdr) || h.e_phnum > kMaxHeaders)
    return "";
  std::vector<Elf64_Phdr> segments(h.e_phnum);
  for (size_t i = 0; i < segments.size(); ++i)
    if (!f.Read(h.e_phoff + i * sizeof(Elf64_Phdr), &segments[i], sizeof(Elf64_Phdr))) return "";
  std::optional<uint64_t> strtab;
  std::optional<uint64_t> runpath, rpath;
  for (const Elf64_Phdr& p : segments) {
    if (p.p_type != PT_DYNAMIC) continue;
    for (size_t i = 0; i < kMaxHeaders && (i + 1) * sizeof(Elf64_Dyn) <= p.p_filesz; ++i) {
      Elf64_Dyn d{};
      if (!f.Read(p.p_offset + i * sizeof(Elf64_Dyn), &d, sizeof d) || d.d_tag == DT_NULL) break;
      if (d.d_tag == DT_STRTAB) strtab = OffsetOf(segments, d.d_un.d_ptr);
      if (d.d_tag == DT_RUNPATH) runpath = d.d_un.d_val;
      if (d.d_tag == DT_RPATH) rpath = d.d_un.d_val;
    }
  }
  // DT_RUNPATH, when there is one, is what the loader reads (RPATH is then ignored).
  const std::optional<uint64_t> at = runpath ? runpath : rpath;
  if (!strtab || !at) return "";
  std::string list(kMaxPathList, '\0');
  size_t n = 0;
  for (; n < list.size(); ++n)
    if (!f.Read(*strtab + *at + n, &list[n], 1) || list[n] == '\0') break;
  list.resize(n);
  return list;
}

}  // namespace

std::vector<std::string> ElfRunpath(const std::string& program) {
  const std::string list = PathList(program);
  std::error_code ec;
  const std::string origin =
      std::filesystem::weakly_canonical(std::filesystem::absolute(program, ec), ec)
          .parent_path()
          .string();
  std::vector<std::string> out;
  for (std::string dir : SplitPathList(list)) {
    for (const std::string token : {"${ORIGIN}", "$ORIGIN"})
      for (size_t i = dir.find(token); i != std::string::npos;
           i = dir.find(token, i + origin.size()))
        dir.replace(i, token.size(), origin);
    if (!dir.empty() && dir[0] == '/')
      out.push_back(std::filesystem::path(dir).lexically_normal().string());
  }
  return out;
}

}  // namespace arbiter::harness

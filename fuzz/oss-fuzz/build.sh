#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script (see docs/fuzzing.md): compiles the
# fuzz targets of fuzz/ straight from their sources with the toolchain the
# service provides ($CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE) and puts
# into $OUT each <target> binary with its <target>.dict, <target>.options and
# <target>_seed_corpus.zip (from corpus/<name>/, <target> = <name>_fuzzer),
# for every corpus/<name>.options.
# Needs only the nlohmann/json headers besides the compiler (see
# .clusterfuzzlite/Dockerfile). Also runs locally, e.g.
#   CC=clang CXX=clang++ CXXFLAGS="-fsanitize=address,fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out fuzz/oss-fuzz/build.sh
SRC_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$SRC_ROOT"
: "${CXX:=clang++}" "${CXXFLAGS:=}" "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}" "${OUT:?set OUT}"
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$OUT" "$WORK/obj"

FLAGS="-std=c++20 -O1 -g -Iengine -Iharness -Iharness/process -Ireport -Ispec-tests -Ispec-tests/common -Ifuzz $CXXFLAGS"
engine_objs=()
# The spec registers compiled in (report/registers.cc.in, as
# report/CMakeLists.txt writes it): game_walk_fuzzer reads each game's rule
# options from its register.
{
  echo '#include "registers.h"'
  echo 'namespace arbiter::report {'
  echo 'std::string_view RegisterJson(std::string_view game) {'
  names=""
  for file in spec-tests/*/clauses.json; do
    register=$(basename "$(dirname "$file")")
    echo "  if (game == \"$register\") return R\"ARBITER_REGISTER($(cat "$file"))ARBITER_REGISTER\";"
    names="$names\"$register\", "
  done
  echo '  return {};'
  echo '}'
  echo "std::vector<std::string_view> RegisterNames() { return {$names}; }"
  echo '}  // namespace arbiter::report'
} >"$WORK/registers.cc"
# The engine as engine/CMakeLists.txt globs it (games.cc and every game's
# folder but tests/), the registers and their rule options, the line framer
# and the simple model.
engine_srcs=$(find engine -mindepth 2 -maxdepth 2 -name '*.cc' -not -path 'engine/tests/*' | sort)
for src in engine/games.cc $engine_srcs "$WORK/registers.cc" report/rule_options.cc \
    harness/process/line_framer.cc spec-tests/jc2015/model.cc; do
  obj=$WORK/obj/$(echo "$src" | tr / _).o
  $CXX $FLAGS -c "$src" -o "$obj"
  engine_objs+=("$obj")
done

# One target per corpus/<name>.options, as fuzz/CMakeLists.txt lists them.
for options in corpus/*.options; do
  name=$(basename "$options" .options)
  target=${name}_fuzzer
  $CXX $FLAGS "fuzz/$target.cc" "${engine_objs[@]}" $LIB_FUZZING_ENGINE -o "$OUT/$target"
  cp "corpus/$name.dict" "$OUT/$target.dict"
  cp "corpus/$name.options" "$OUT/$target.options"
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "corpus/$name" && zip -q -j "$OUT/${target}_seed_corpus.zip" ./*)
  if [ -n "$(ls "corpus/regressions/$name")" ]; then
    (cd "corpus/regressions/$name" && zip -q -j "$OUT/${target}_seed_corpus.zip" ./*)
  fi
done

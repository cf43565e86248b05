#!/usr/bin/env bash
# The rebuild test: proves the build's dependency tracking and build id can be
# trusted, on a fresh clone of the committed tree (HEAD), not the working tree.
#
#   (a) a no-change rebuild compiles nothing and links nothing;
#   (b) touching a header recompiles exactly the objects whose sources include
#       it, directly or transitively, and relinks what contains them; the
#       expected set comes from scanning #include lines here, not from the
#       build system, so a build that under- or over-rebuilds is caught;
#   (c) the same for the CUDA headers (.cuh) when the build has CUDA: the
#       most selective one by a real rebuild, the others (with Ninja) by a
#       dry run whose schedule must equal the scan, their mtimes restored;
#   (d) --version shows the commit, "-dirty" after a tracked file changes,
#       and the new commit after a commit, each after a plain rebuild.
#
# "Rebuilt" means the file's mtime changed across the build (what was really
# written), cross-checked with the build tool's Building/Linking lines.
#
# usage: rebuild_test.sh --source REPO --work DIR [--generator G] [--cuda ON|OFF|AUTO]
#                        [--cmake-arg ARG]... [--keep]
# --cmake-arg passes extra configure arguments (used to show that the test
# fails when dependency tracking is broken; see docs/BUILDING.md).
set -euo pipefail
export LC_ALL=C   # sort and join must agree on order

source_repo="" work="" generator="Ninja" cuda="AUTO" keep=0
cmake_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --source) source_repo=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --generator) generator=$2; shift 2 ;;
        --cuda) cuda=$2; shift 2 ;;
        --cmake-arg) cmake_args+=("$2"); shift 2 ;;
        --keep) keep=1; shift ;;
        *) echo "rebuild_test: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if [ -z "$source_repo" ] || [ -z "$work" ]; then
    echo "usage: rebuild_test.sh --source REPO --work DIR [--generator G] [--cuda ON|OFF|AUTO] [--cmake-arg ARG]... [--keep]" >&2
    exit 2
fi

# The clone is ours: a repository owned by another user (CI containers) must
# not make git refuse. Environment config counts as command-line config.
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*'
export GIT_AUTHOR_NAME="rebuild test" GIT_AUTHOR_EMAIL="rebuild-test@localhost"
export GIT_COMMITTER_NAME="rebuild test" GIT_COMMITTER_EMAIL="rebuild-test@localhost"

if ! git -C "$source_repo" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    echo "SKIP: $source_repo is not a git checkout with a commit; nothing to clone"
    exit 77
fi

SRC="$work/src"
B="$work/build"
TARGETS=(cuzk-gpu-info cuzk-bench)
PROGRAMS=(cuzk-gpu-info cuzk-bench)
LIBS=(cuzk cuzk_gpu cuzk_engine cuzk_server cuzk_server_config)
# cuzk-bench links the daemon's client libraries when they are built
declare -A PROGRAM_LIBS=([cuzk-gpu-info]="cuzk cuzk_gpu"
                         [cuzk-bench]="cuzk cuzk_gpu cuzk_engine cuzk_server cuzk_server_config")
SEARCH_DIRS=(include src bench tests ../build/generated)  # relative to SRC

failures=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
step() { echo; echo "=== $*"; }

# ---- clone -------------------------------------------------------------------
step "fresh clone of $(git -C "$source_repo" rev-parse --short=12 HEAD) from $source_repo"
rm -rf "$work"
mkdir -p "$work"
git init -q "$SRC"
# fetch HEAD itself: also works when the source is on a detached HEAD
git -C "$SRC" fetch -q "$source_repo" HEAD
git -C "$SRC" checkout -q -b rebuild-test FETCH_HEAD

# ---- build helpers -------------------------------------------------------------
log_n=0
build() {   # build the targets; the log goes to $work/build-N.log, its name to $last_log
    log_n=$((log_n + 1))
    last_log="$work/build-$log_n.log"
    if ! cmake --build "$B" -j2 --target "${TARGETS[@]}" >"$last_log" 2>&1; then
        cat "$last_log"
        echo "rebuild_test: build failed (log above)"
        exit 1
    fi
}

snapshot() {   # "path mtime" of every object, library and program
    (cd "$B" && find . -type f \( -path './CMakeFiles/*.dir/*.o' -o -name 'lib*.a' \
        $(for p in "${PROGRAMS[@]}"; do printf -- '-o -path ./%s ' "$p"; done) \) \
        -printf '%P %T@\n' | sort) >"$1"
}

changed() {    # paths whose mtime differs between two snapshots (or that appeared)
    join -a 2 -e MISSING -o 2.1,1.2,2.2 "$1" "$2" | awk '$2 != $3 { print $1 }' | sort
}

# ---- the independent expectation: scan #include lines ------------------------
declare -A DIRECT=()    # file -> its resolved direct includes, space separated
declare -A CLOSURE=()   # object -> newline-framed list of everything its source includes
resolve_includes() {    # file (relative to SRC) -> DIRECT[file]
    local f=$1 dir spec kind name cand found d
    local out=() cands=()
    dir=$(dirname "$f")
    while IFS= read -r spec; do
        kind=${spec:0:1}
        name=${spec:1}
        found=""
        cands=()
        if [ "$kind" = '"' ]; then cands+=("$dir/$name"); fi
        for d in "${SEARCH_DIRS[@]}"; do cands+=("$d/$name"); done
        for cand in "${cands[@]}"; do
            if [ -f "$SRC/$cand" ]; then
                found=$(realpath -m --relative-to="$SRC" "$SRC/$cand")
                break
            fi
        done
        if [ -n "$found" ]; then out+=("$found"); fi   # not found: a system header
    done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*([<"])([^">]+)[">].*/\1\2/p' "$SRC/$f")
    DIRECT[$f]="${out[*]:-}"
}

closure_of() {   # file -> CLOSURE_RESULT: "\n"-framed list of all it includes, transitively
    local -A seen=()
    local stack=("$1") f inc
    while [ ${#stack[@]} -gt 0 ]; do
        f=${stack[-1]}
        unset 'stack[-1]'
        if [ -z "${DIRECT[$f]+x}" ]; then resolve_includes "$f"; fi
        for inc in ${DIRECT[$f]}; do
            if [ -z "${seen[$inc]+x}" ]; then
                seen[$inc]=1
                stack+=("$inc")
            fi
        done
    done
    CLOSURE_RESULT=$'\n'
    for inc in "${!seen[@]}"; do CLOSURE_RESULT+="$inc"$'\n'; done
}

obj_source() {   # CMakeFiles/<target>.dir/<path>.o -> <path>
    local o=${1#CMakeFiles/*.dir/}
    echo "${o%.o}"
}
obj_target() {   # CMakeFiles/<target>.dir/... -> <target>
    local t=${1#CMakeFiles/}
    echo "${t%%.dir/*}"
}

expected_after_touch() {   # header -> objects, libraries and programs that must be rewritten
    local header=$1 o t p
    local -A out=() hit_target=()
    for o in "${OBJECTS[@]}"; do
        if [[ "${CLOSURE[$o]}" == *$'\n'"$header"$'\n'* ]]; then
            out[$o]=1
            hit_target[$(obj_target "$o")]=1
        fi
    done
    for t in "${LIBS[@]}"; do
        if [ -n "${hit_target[$t]+x}" ]; then out[lib$t.a]=1; fi
    done
    local relink
    for p in "${PROGRAMS[@]}"; do   # a program relinks when one of the libraries it links changed
        relink=${hit_target[$p]+x}
        for t in ${PROGRAM_LIBS[$p]}; do
            if [ -n "${hit_target[$t]+x}" ]; then relink=1; fi
        done
        if [ -n "$relink" ]; then out[$p]=1; fi
    done
    [ ${#out[@]} -gt 0 ] && printf '%s\n' "${!out[@]}" | sort
    return 0
}

build_log_actions() {   # compile and link lines of the last build
    grep -E 'Building (C|CXX|CUDA) object|Linking (C|CXX|CUDA) (static library|executable)' "$last_log" || true
}

check_rebuild() {   # description, expected-file: build, compare what was rewritten
    local what=$1 expected=$2
    snapshot "$work/before"
    build
    snapshot "$work/after"
    changed "$work/before" "$work/after" >"$work/actual"
    local n_actions
    n_actions=$(build_log_actions | wc -l)
    if diff -q "$expected" "$work/actual" >/dev/null; then
        if [ "$n_actions" -eq "$(wc -l <"$expected")" ]; then
            pass "$what: rewrote exactly $(wc -l <"$expected") file(s)$(tr '\n' ' ' <"$expected" | sed 's/^./: &/')"
        else
            fail "$what: the files rewritten match, but the build log shows $n_actions compile/link step(s):"
            build_log_actions | sed 's/^/    /'
        fi
    else
        fail "$what: rewritten files differ from the #include scan"
        comm -23 "$expected" "$work/actual" | sed 's/^/    expected but NOT rewritten (stale!): /'
        comm -13 "$expected" "$work/actual" | sed 's/^/    rewritten but not expected (over-build): /'
    fi
}

touch_header_check() {   # header: touch it, expect exactly its dependents to rebuild
    local h=$1
    expected_after_touch "$h" >"$work/expected"
    sleep 0.01   # mtimes have ns resolution; make sure the touch is later than the build
    touch "$SRC/$h"
    check_rebuild "touch $h" "$work/expected"
}

dry_header_check() {   # header: touch it, ask Ninja what it would rebuild, untouch it
    local h=$1
    expected_after_touch "$h" >"$work/expected"
    touch -r "$SRC/$h" "$work/mtime_ref"
    sleep 0.01
    touch "$SRC/$h"
    # A copy of the manifest, so that Ninja does not schedule its own
    # regeneration (the glob re-check always looks dirty to a dry run).
    cp "$B/build.ninja" "$B/dry-run.ninja"
    if ! (cd "$B" && ninja -f dry-run.ninja -n "${TARGETS[@]}") >"$work/dry.log" 2>&1; then
        cat "$work/dry.log"
        fail "dry run after touching $h failed"
    fi
    touch -r "$work/mtime_ref" "$SRC/$h"
    # The build-id check always runs and only rewrites its header when the
    # commit or dirty state changed, which a dry run cannot know: it lists
    # build_id.c and libcuzk.a every time. They are left out of both sides
    # here (step (d) checks them for real).
    local id_files='^(CMakeFiles/cuzk\.dir/src/util/build_id\.c\.o|libcuzk\.a)$'
    sed -nE 's/.*Building (C|CXX|CUDA) object ([^ ]+).*/\2/p;
             s/.*Linking (C|CXX|CUDA) (static library|executable) ([^ ]+).*/\3/p' \
        "$work/dry.log" | grep -Ev "$id_files" | sort -u >"$work/would" || true
    grep -Ev "$id_files" "$work/expected" >"$work/expected.dry" || true
    mv "$work/expected.dry" "$work/expected"
    if diff -q "$work/expected" "$work/would" >/dev/null; then
        pass "touch $h (ninja -n): would rebuild exactly $(wc -l <"$work/expected") file(s)"
    else
        fail "touch $h (ninja -n): what Ninja would rebuild differs from the #include scan"
        comm -23 "$work/expected" "$work/would" | sed 's/^/    expected but NOT scheduled (stale!): /'
        comm -13 "$work/expected" "$work/would" | sed 's/^/    scheduled but not expected (over-build): /'
    fi
}

version_of() { "$B/$1" --version; }

# ---- configure and first build --------------------------------------------------
step "configure ($generator, Release, CUZK_CUDA=$cuda${cmake_args[*]:+, ${cmake_args[*]}}) and build ${TARGETS[*]}"
cmake -S "$SRC" -B "$B" -G "$generator" -DCMAKE_BUILD_TYPE=Release -DCUZK_CUDA="$cuda" \
    "${cmake_args[@]}" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
grep -E '^-- cuzk:' "$work/configure.log" || true
t0=$(date +%s)
build
echo "first build: $(build_log_actions | wc -l) compile/link steps in $(( $(date +%s) - t0 )) s"
has_cuda=0
if grep -q '^#define CUZK_BUILD_ARCH "sm_' "$B/generated/cuzk_build_id.h"; then has_cuda=1; fi

mapfile -t OBJECTS < <(cd "$B" && find . -type f -path './CMakeFiles/*.dir/*.o' -printf '%P\n' | sort)
for o in "${OBJECTS[@]}"; do
    closure_of "$(obj_source "$o")"
    CLOSURE[$o]=$CLOSURE_RESULT
done
echo "${#OBJECTS[@]} objects; CUDA: $([ $has_cuda = 1 ] && echo yes || echo no)"

# ---- (a) no-change rebuild -------------------------------------------------------
step "(a) no-change rebuild"
: >"$work/none"
check_rebuild "no-change rebuild" "$work/none"

# ---- (b) headers ---------------------------------------------------------------
step "(b) touching headers"
# A public header, the most selective private header (included by the fewest
# built objects, but at least one: it tests precision), and a header none of
# these targets includes (nothing may rebuild).
touch_header_check include/cuzk/gpu.h
best="" best_n=0
while IFS= read -r h; do
    n=$(expected_after_touch "$h" | grep -c '\.o$' || true)
    if [ "$n" -gt 0 ] && { [ -z "$best" ] || [ "$n" -lt "$best_n" ]; }; then best=$h best_n=$n; fi
done < <(cd "$SRC" && find src -name '*.h' | sort)
if [ -n "$best" ]; then
    touch_header_check "$best"
else
    fail "no private header under src/ is included by a built object"
fi
if [ -z "$(expected_after_touch tests/test.h)" ]; then
    touch_header_check tests/test.h
fi

# ---- (c) CUDA headers ----------------------------------------------------------
step "(c) touching CUDA headers"
if [ $has_cuda = 1 ]; then
    mapfile -t cuhs < <(cd "$SRC" && find src -name '*.cuh' | sort)
    [ ${#cuhs[@]} -gt 0 ] || fail "a CUDA build with no .cuh headers to test"
    # One header, the most selective, gets a real rebuild. With Ninja every
    # other header is checked with a dry run (ninja -n lists what it would
    # rebuild, from the same dependency graph), then its mtime is put back:
    # each real .cu recompile costs minutes of cicc on 2 cores, and the G2
    # kernels are included by most headers' dependents.
    real="" real_n=0
    for h in "${cuhs[@]}"; do
        deps=$(expected_after_touch "$h")
        if [[ "$deps" != *.cu.o* ]]; then
            fail "$h: no .cu object includes it"
            continue
        fi
        # Fewest dependents; a header that reaches the G2 kernels counts as
        # 100 more, so the real rebuild is a cheap one when one exists.
        n=$(grep -c '\.o$' <<<"$deps" || true)
        if [[ "$deps" == *msm_g2.cu.o* ]]; then n=$((n + 100)); fi
        if [ -z "$real" ] || [ "$n" -lt "$real_n" ]; then real=$h real_n=$n; fi
    done
    for h in "${cuhs[@]}"; do
        [[ "$(expected_after_touch "$h")" == *.cu.o* ]] || continue
        if [ "$h" = "$real" ] || [ "$generator" != "Ninja" ]; then
            touch_header_check "$h"
        else
            dry_header_check "$h"
        fi
    done
else
    echo "SKIP: this build has no CUDA (configure with --cuda ON where nvcc exists)"
fi

# ---- (d) build id ----------------------------------------------------------------
step "(d) build id follows the commit and the dirty state"
head=$(git -C "$SRC" rev-parse --short=12 HEAD)
for p in "${PROGRAMS[@]}"; do
    v=$(version_of "$p")
    if [[ "$v" == *" $head "* && "$v" != *dirty* ]]; then pass "clean tree: $p --version = $v"
    else fail "clean tree: $p --version = '$v', wanted commit $head and no dirty"; fi
done
# The id is also logged when a program starts.
start_log=$("$B/cuzk-gpu-info" --list 2>&1 >/dev/null || true)
if [[ "$start_log" == *"$(version_of cuzk-gpu-info)"* ]]; then
    pass "cuzk-gpu-info logs its build id at start"
else
    fail "cuzk-gpu-info does not log its build id at start"
fi

# Only build_id.c includes the generated header, so a change of identity must
# recompile that one file and relink; the scan says which objects that is.
expected_after_touch ../build/generated/cuzk_build_id.h >"$work/expected_id"
if ! grep 'build_id\.c\.o$' "$work/expected_id" >/dev/null; then
    fail "no object includes the generated cuzk_build_id.h"
fi

echo "# rebuild test: a change to a tracked file" >>"$SRC/.gitignore"
check_rebuild "edit a tracked file" "$work/expected_id"
for p in "${PROGRAMS[@]}"; do
    v=$(version_of "$p")
    if [[ "$v" == *" $head-dirty "* ]]; then pass "modified tree: $p --version = $v"
    else fail "modified tree: $p --version = '$v', wanted $head-dirty"; fi
done

git -C "$SRC" commit -q -am "rebuild test: a new commit"
new_head=$(git -C "$SRC" rev-parse --short=12 HEAD)
check_rebuild "commit" "$work/expected_id"
for p in "${PROGRAMS[@]}"; do
    v=$(version_of "$p")
    if [[ "$v" == *" $new_head "* && "$v" != *dirty* ]]; then pass "after commit: $p --version = $v"
    else fail "after commit: $p --version = '$v', wanted $new_head and no dirty"; fi
done

step "(a) again, after all that"
check_rebuild "no-change rebuild" "$work/none"

echo
if [ $keep = 0 ] && [ $failures = 0 ]; then rm -rf "$work"; fi
if [ $failures -gt 0 ]; then
    echo "rebuild test: $failures check(s) FAILED (work tree kept in $work)"
    exit 1
fi
echo "rebuild test: all checks passed"

# culab - a profiling-instrumented lab-report generator for CUDA
# optimization ladders.  See README.md.
#
#   make            build build/culab, its man page build/culab.1 and
#                   its bash and zsh completions (build/completions/)
#   make install    all of them under PREFIX (default /usr/local)
#   make run        check dependencies, build, run experiments/default.yaml
#                   (no GPU: render the bundled example report instead)
#   make test       check dependencies, build, run the CPU test suite
#                   (a line per suite; V=1 prints every test's output)
#   make test-long  the long CPU checks make test leaves out (every
#                   recorded report printed in chromium, the checks'
#                   self-tests); CI runs both
#   make layout     the source tree's shape (tests/layout.sh): folders in
#                   pipeline order, no loops between files, no file over
#                   1,200 lines
#   make docs       rerun the commands README.md and docs/ quote and
#                   rewrite their outputs (make test checks them)
#   make test-gpu   the GPU checks (run on a machine with a GPU)
#   make check-lineinfo  -lineinfo leaves the machine code of kernels/ as
#                   it is, for every release architecture (no GPU)
#   make bench      the performance benchmarks (GPU)
#   make fuzz       libFuzzer targets for a bounded time (clang);
#                   FUZZ_TIME=S seconds each, FUZZ_TARGETS="template cli"
#   make dist       the release tarball (see docs/release.md)
#   make check-dist build it and check it (fat binary contents, the
#                   extracted tree runs without a toolkit)
#
# Knobs: CUDA=/usr/local/cuda  ARCH=sm_90 (default: this machine's GPU,
#        else sm_90)  WERROR=1
#        SANITIZE=address,undefined  BUILD=build  V=1
#        RELEASE=1 (every architecture, into build-release/)
#        ARCHS="75 80 86 89 90 100 120" (these instead of ARCH)
#        NVCC_THREADS=N (nvcc --threads: slower than -j2 on 2 cores)
#
# Builds in parallel, a job per CPU, unless told otherwise (make -j1).

# One job per CPU when neither the command line nor the environment's
# MAKEFLAGS says -j: `make`, `make run` and `make test` build in parallel,
# `make -j2 ...` keeps its 2 and `make -j1` builds one file at a time.
# Only at the top: a recursive $(MAKE) shares its parent's job slots, and
# a -j of its own would start a second pool ("-jN forced in submake").
# make 4.3 does not show a command line's -j in MAKEFLAGS while it reads
# this file (the filter is for makes that do), but applies it over ours.
# Not with clean, which must not race the build it precedes (make clean
# all).
ifeq ($(MAKELEVEL)$(filter -j%,$(MAKEFLAGS) $(shell printenv MAKEFLAGS)),0)
ifeq ($(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif
endif

CUDA     ?= /usr/local/cuda
NVCC     ?= $(CUDA)/bin/nvcc
CC       ?= cc
CXX      ?= c++
ARCH_GIVEN := $(origin ARCH)$(origin ARCHS)$(RELEASE)
ARCH     ?= sm_90
# A release build compiles for every architecture CUPTI's range profiler
# supports in CUDA 13 (Turing and newer): sm_86 code also serves 8.7 and
# 8.8, sm_100 serves 10.3 and sm_120 serves 12.1; the PTX of the newest
# lets the driver compile for GPUs newer still.  Its objects go to their
# own directory, so a developer build stays one architecture and fast.
RELEASE_ARCHS := 75 80 86 89 90 100 120
ifeq ($(RELEASE),1)
ARCHS    ?= $(RELEASE_ARCHS)
BUILD    ?= build-release
endif
# A developer build is for the GPU this machine has: its compute
# capability from the driver (every distinct one where there are
# several), unless ARCH or ARCHS says otherwise; with no GPU found (CI,
# a laptop) for Hopper, sm_90, and `make` says how to build for another
# card.
ifeq ($(ARCH_GIVEN),undefinedundefined)
GPU_CAPS := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader \
	      2>/dev/null | tr -d '. ' | grep -E '^[0-9]+$$' | sort -u)
ifneq ($(strip $(GPU_CAPS)),)
ARCHS := $(GPU_CAPS)
else ifeq ($(MAKECMDGOALS),)
$(info culab: no GPU found here: building for sm_90 (Hopper); for another card give its compute capability, e.g. make ARCH=sm_86 (RTX 30), ARCH=sm_75 (T4, RTX 20), or RELEASE=1 for every GPU from Turing on)
endif
endif
BUILD    ?= build
VERSION  := 0.1.0
PREFIX   ?= /usr/local

# gencode_for(NUMBERS): machine code for each architecture plus the PTX
# of the newest, so later GPUs can JIT-compile it.
gencode_for = $(foreach a,$(1),-gencode arch=compute_$(a),code=sm_$(a)) \
              -gencode arch=compute_$(call newest,$(1)),code=compute_$(call newest,$(1))
newest      = $(lastword $(shell printf '%s\n' $(1) | sort -n))
ARCH_LIST   := $(patsubst sm_%,%,$(or $(strip $(ARCHS)),$(ARCH)))
GENCODE     := $(call gencode_for,$(ARCH_LIST))
RELEASE_GENCODE := $(call gencode_for,$(RELEASE_ARCHS))
# nvcc can compile a file's architectures in parallel (--threads N).  On
# 2 cores `make -j2` alone is faster (a release build: 103 s, against
# 137 s with --threads 2 as well and 125 s with -j1 --threads 2), so it
# is off unless asked for.
ifneq ($(NVCC_THREADS),)
NVCCOPT_ARCHS := --threads $(NVCC_THREADS)
endif
# What GENCODE puts in the binary, in words: culab names it when a GPU
# has no code there (refusal.c).  Machine code, space-separated; the PTX.
BUILD_SASS := $(foreach a,$(ARCH_LIST),sm_$(a))
BUILD_PTX  := compute_$(call newest,$(ARCH_LIST))

CUDA_INC := $(CUDA)/include
CUDA_LIB := $(CUDA)/lib64
# Where libcupti.so lives differs between toolkit layouts; search them all.
CUPTI_RPATH := $(CUDA_LIB):$(CUDA)/extras/CUPTI/lib64:/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64

WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 -Wvla
CFLAGS   ?= -O2 -g
CXXFLAGS ?= -O2 -g
NVCCOPT  ?= -O3 -lineinfo
CPPFLAGS += -Isrc -I. -I$(BUILD) -I$(CUDA_INC) -D_GNU_SOURCE

ALL_CFLAGS   = -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) -MMD -MP
ALL_CXXFLAGS = -std=c++17 -Wall -Wextra -Wshadow -Wformat=2 $(CXXFLAGS) \
               $(CPPFLAGS) -MMD -MP
ALL_NVFLAGS  = -std=c++17 $(GENCODE) $(NVCCOPT_ARCHS) $(NVCCOPT) $(CPPFLAGS) -MMD -MP \
               -Xcompiler -Wall,-Wextra --expt-relaxed-constexpr

ifeq ($(WERROR),1)
ALL_CFLAGS   += -Werror
ALL_CXXFLAGS += -Werror
ALL_NVFLAGS  += -Werror all-warnings
endif

ifneq ($(SANITIZE),)
SAN          := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer \
                -fno-sanitize-recover=all
ALL_CFLAGS   += $(SAN)
ALL_CXXFLAGS += $(SAN)
# -Xcompiler splits its argument at commas: one -fsanitize per sanitizer.
comma        := ,
ALL_NVFLAGS  += $(foreach s,$(subst $(comma), ,$(SANITIZE)),-Xcompiler -fsanitize=$(s)) \
                -Xcompiler -fno-omit-frame-pointer
LDFLAGS      += $(SAN)
# CUDA's runtime maps memory where ASan keeps its shadow gap.
export ASAN_OPTIONS ?= protect_shadow_gap=0:detect_leaks=1
export UBSAN_OPTIONS ?= print_stacktrace=1
endif

# libyaml, jansson, libcrypto and cmark-gfm (the HTML report: Debian ships
# its .a) are linked statically so build/culab runs on GPU machines that
# have the libraries' runtime but not their headers, or neither.  CUDA's runtime is static too; CUPTI is loaded from the
# toolkit (rpath).
STATIC_LIBS := -Wl,-Bstatic -lyaml -ljansson -lcrypto \
               -lcmark-gfm-extensions -lcmark-gfm -Wl,-Bdynamic
CUDA_LIBS   := -L$(CUDA_LIB) -lcudart_static -lcupti \
               -Wl,-rpath,$(CUPTI_RPATH)
LDLIBS      := $(STATIC_LIBS) $(CUDA_LIBS) -ldl -lrt -lpthread -lm

ifeq ($(V),1)
Q :=
else
Q := @
endif

# The command line (main.c, the command table and the cli_*.c files of
# the commands) is linked into culab only; the tests link the rest (the
# grammar, args.c, among it).
CLI_SRC := src/cli/main.c $(wildcard src/cli/cli_*.c)
C_SRC   := $(filter-out $(CLI_SRC),$(wildcard src/*/*.c))
CXX_SRC := $(wildcard src/*/*.cpp)
CU_SRC  := $(wildcard kernels/*.cu)
LIB_OBJ := $(C_SRC:%.c=$(BUILD)/%.o) $(CXX_SRC:%.cpp=$(BUILD)/%.o) \
           $(CU_SRC:%.cu=$(BUILD)/%.o)
MAIN_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)

TEST_SRC := $(wildcard tests/unit/test_*.c)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

FLAGS_STAMP := $(BUILD)/.flags
# What the kernels are compiled for, as `culab --version` says it.
GPU_CODE    := $(foreach a,$(ARCH_LIST),sm_$(a)) + PTX compute_$(call newest,$(ARCH_LIST))
VERSION_H   := $(BUILD)/culab_version.h

# `make` alone builds everything (all, below); this helper rule comes
# first in the file and must not become the default.
.DEFAULT_GOAL := all

# The architectures this build's kernels are for, as --version's second
# line says them (tests/build_arch.sh checks the choice without a build).
print-gpu-code:
	@echo '$(GPU_CODE)'

.PHONY: print-gpu-code
.PHONY: all run test test-long docs test-gpu bench fuzz deps deps-run clean install coverage \
        counters-check dist check-dist layout test-build check-lineinfo FORCE

# What the command table (src/cli/cli_table.c) makes besides help: the
# manual page and the shell completions, written by the culab just built.
MAN_PAGE  := $(BUILD)/culab.1
BASH_COMP := $(BUILD)/completions/culab
ZSH_COMP  := $(BUILD)/completions/_culab
GENERATED := $(MAN_PAGE) $(BASH_COMP) $(ZSH_COMP)

all: $(BUILD)/culab $(GENERATED)

# ---- build -------------------------------------------------------------

# A change of compiler or flags rebuilds everything (git's GIT-CFLAGS).
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(CC) $(ALL_CFLAGS)' '$(CXX) $(ALL_CXXFLAGS)' \
	  '$(NVCC) $(ALL_NVFLAGS)' '$(LDFLAGS) $(LDLIBS)' \
	  '$(DIST_LDFLAGS) $(DIST_LDLIBS)' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(VERSION_H): FORCE
	@mkdir -p $(@D)
	@c=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	 git diff --quiet HEAD -- 2>/dev/null || c="$$c-dirty"; \
	 printf '#define CULAB_VERSION "%s"\n#define CULAB_COMMIT "%s"\n#define CULAB_GPU_CODE "%s"\n#define CULAB_BUILD_SASS "%s"\n#define CULAB_BUILD_PTX "%s"\n' \
	   '$(VERSION)' "$$c" '$(GPU_CODE)' '$(BUILD_SASS)' '$(BUILD_PTX)' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/%.o: %.cpp $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CXX     $<"
	$(Q)$(CXX) $(ALL_CXXFLAGS) -c $< -o $@

$(BUILD)/%.o: %.cu $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  NVCC    $<"
	$(Q)$(NVCC) $(ALL_NVFLAGS) -c $< -o $@

# Each rung's key lines, the regions of kernels/*.cu between the comments
# culab:key NAME and culab:end (src/ladder/key_lines.awk), for the
# registry's rows and so the results and the report.
CODE_H := $(BUILD)/culab_code.h
CU_HDR := $(wildcard kernels/*.cuh)
$(CODE_H): $(CU_SRC) $(CU_HDR) src/ladder/key_lines.awk
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)awk -f src/ladder/key_lines.awk $(sort $(CU_SRC) $(CU_HDR)) >$@.new && \
	 mv -f $@.new $@

# NVRTC is opened at run time (never linked), first from the toolkit
# culab was built with.  private: the flags stamp, a prerequisite, must
# not inherit it.
$(BUILD)/src/ladder/nvrtc_compile.o: private CPPFLAGS += -DCULAB_CUDA_LIB='"$(CUDA_LIB)"'
# Counters per source line name the files of kernels/ relative to the
# directory culab is built in: the line tables -lineinfo writes (NVCCOPT)
# hold it absolute.
$(BUILD)/src/counters/source_lines.o: private CPPFLAGS += -DCULAB_SOURCE_DIR='"$(CURDIR)"'

# Counters by instrumentation (src/counters/instrument.h): the device
# functions the Compute Sanitizer patches into kernels, compiled as a
# tools patch for the architectures the kernels are built for and
# embedded in culab (bin2c; instrument.c copies it to aligned memory).
PATCH_SRC := kernels/patches/instrument.cu
PATCH_FATBIN := $(BUILD)/instrument_patches.fatbin
PATCH_H := $(BUILD)/instrument_patches.h
$(PATCH_FATBIN): $(PATCH_SRC) src/counters/instrument_table.h $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  NVCC    $< (tools patch)"
	$(Q)$(NVCC) --fatbin --compile-as-tools-patch $(GENCODE) $(NVCCOPT_ARCHS) \
	  -I. -o $@ $<
$(PATCH_H): $(PATCH_FATBIN)
	@echo "  GEN     $@"
	$(Q)$(CUDA)/bin/bin2c --const --name culab_instrument_patches \
	  $< >$@.new && mv -f $@.new $@

# Every generated header exists before any object compiles (order-only:
# after the first build -MMD's lists rebuild what includes one).
$(LIB_OBJ) $(MAIN_OBJ): | $(VERSION_H) $(CODE_H) $(PATCH_H)

$(BUILD)/culab: $(MAIN_OBJ) $(LIB_OBJ)
	@echo "  LINK    $@"
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(MAN_PAGE): $(BUILD)/culab
	@echo "  GEN     $@"
	$(Q)$(BUILD)/culab help --man >$@.tmp && mv -f $@.tmp $@

$(BASH_COMP): $(BUILD)/culab
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(BUILD)/culab completion bash >$@.tmp && mv -f $@.tmp $@

$(ZSH_COMP): $(BUILD)/culab
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(BUILD)/culab completion zsh >$@.tmp && mv -f $@.tmp $@

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  TEST-CC $<"
	$(Q)$(CC) $(ALL_CFLAGS) -MF $@.d -c $< -o $@.o
	$(Q)$(CXX) $(LDFLAGS) -o $@ $@.o $(LIB_OBJ) -lcmocka $(LDLIBS)

# The counters module alone on a GPU (tests/gpu/counters_check.cu; used by
# tests/gpu/ncu_compare.sh --check).  Built here, run on the GPU machine.
$(BUILD)/counters_check: $(BUILD)/tests/gpu/counters_check.o $(LIB_OBJ)
	@echo "  LINK    $@"
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^ $(LDLIBS)

counters-check: $(BUILD)/counters_check

# Which L2 flush evicts recently written lines (tests/gpu/flush_check.cu).
$(BUILD)/flush_check: $(BUILD)/tests/gpu/flush_check.o $(BUILD)/kernels/support.o
	@echo "  LINK    $@"
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# ---- release checks and the tarball --------------------------------------

# The suite's reader of fat binaries, for machines without cuobjdump
# (tests/fatbin_list.c, tests/fatbin.sh).
FATBIN_LIST := $(BUILD)/fatbin_list
$(FATBIN_LIST): tests/fatbin_list.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -MF $@.d -o $@ $< $(LDFLAGS)

# Writes crafted results files of a chosen shape: the suite's files just
# past a limit and the benchmark of the largest accepted one
# (tests/gen_results.c, tests/bench_hostile.sh).
GEN_RESULTS := $(BUILD)/gen_results
$(GEN_RESULTS): tests/gen_results.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -MF $@.d -o $@ $< $(LDFLAGS)

# Judges a recorded run of a class whose truth is known against that
# truth (tests/class_judge.c, tests/class/truth.sh, docs/class.md).
# jansson is linked statically, as culab's is, so that it runs on GPU
# machines without the library.
CLASS_JUDGE := $(BUILD)/class_judge
$(CLASS_JUDGE): tests/class_judge.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -MF $@.d -o $@ $< $(LDFLAGS) \
		-Wl,-Bstatic -ljansson -Wl,-Bdynamic -lm

# One small file of culab's compiled with the release architectures, so
# that `make test` checks RELEASE_GENCODE in seconds (check-dist checks
# the whole release binary).
FATBIN_PROBE := $(BUILD)/tests/support-release.o
$(FATBIN_PROBE): private GENCODE = $(RELEASE_GENCODE)
$(FATBIN_PROBE): kernels/support.cu $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  NVCC    $< (release architectures)"
	$(Q)$(NVCC) $(ALL_NVFLAGS) -c $< -o $@

# The tarball for machines without root (docs/release.md): culab
# linked for a tree of its own, bin/ lib/ share/.  It needs glibc 2.34
# (the build machine's symbol versions) and libstdc++ of GCC 5 or newer,
# which every such machine has (a static libstdc++ would pull in
# random_device and with it glibc 2.36).  CUPTI and NVRTC come from lib/
# through an $ORIGIN rpath written as DT_RPATH rather than RUNPATH: it is
# searched before LD_LIBRARY_PATH, so a toolkit that a module system puts
# there does not replace the libraries culab was tested with, and it also
# serves those libraries' own dlopen()s.  Built from $(BUILD)'s objects:
# `make dist` from the release build, `make test` a one-architecture one.
DIST_NAME := culab-$(VERSION)-linux-$(shell uname -m)
DIST_DIR  := $(BUILD)/dist
DIST_TREE := $(DIST_DIR)/$(DIST_NAME)
DIST_TAR  := $(DIST_DIR)/$(DIST_NAME).tar.gz
DIST_BIN  := $(DIST_DIR)/culab
DIST_LDFLAGS := -Wl,--disable-new-dtags -Wl,-rpath,'$$ORIGIN/../lib'
DIST_LDLIBS  := $(STATIC_LIBS) -L$(CUDA_LIB) -lcudart_static -lcupti \
                -ldl -lrt -lpthread -lm
# Redistributable under the CUDA Toolkit EULA (Attachment A lists
# libcupti.so, libnvrtc.so and libnvrtc-builtins.so); its text goes with
# them.  Debian's copyright files of the libraries linked in statically.
DIST_LIBS := $(firstword $(wildcard $(CUDA_LIB)/libcupti.so.13 \
                                    $(CUDA)/extras/CUPTI/lib64/libcupti.so.13)) \
             $(wildcard $(CUDA_LIB)/libnvrtc.so.13) \
             $(firstword $(wildcard $(CUDA_LIB)/libnvrtc-builtins.so.13.*))
DIST_EULA := $(firstword $(wildcard $(CUDA)/EULA.txt \
                 $(CUDA)/dist-info/nvidia_cuda_cupti-*/licenses/License.txt))
DIST_COPYRIGHTS := libyaml-dev libjansson-dev libssl-dev libcmark-gfm-dev \
                   libcmark-gfm-extensions-dev
DIST_SHARE := $(wildcard templates/*.md docs/*.md) \
              $(shell find experiments reports/examples -type f 2>/dev/null)

$(DIST_BIN): $(MAIN_OBJ) $(LIB_OBJ) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  LINK    $@ (release tree)"
	$(Q)$(CXX) $(LDFLAGS) $(DIST_LDFLAGS) -o $@ $(MAIN_OBJ) $(LIB_OBJ) \
	  $(DIST_LDLIBS)

$(DIST_TAR): $(DIST_BIN) $(GENERATED) $(DIST_SHARE) README.md Makefile
	@echo "  DIST    $@"
	$(Q)if [ $(words $(DIST_LIBS)) -ne 3 ] || [ -z "$(DIST_EULA)" ]; then \
	  echo "culab: error: the tarball needs libcupti.so.13, libnvrtc.so.13, libnvrtc-builtins.so.13.* and the CUDA EULA from $(CUDA) (found: $(DIST_LIBS) $(DIST_EULA))" >&2; \
	  exit 1; fi
	$(Q)rm -rf $(DIST_TREE) $@ && \
	 mkdir -p $(DIST_TREE)/bin $(DIST_TREE)/lib $(DIST_TREE)/licenses \
	   $(DIST_TREE)/share/culab/templates $(DIST_TREE)/share/culab/examples && \
	 cp $(DIST_BIN) $(DIST_TREE)/bin/culab && \
	 cp -L $(DIST_LIBS) $(DIST_TREE)/lib/ && \
	 cp README.md $(DIST_TREE)/ && \
	 mkdir -p $(DIST_TREE)/docs && cp docs/*.md $(DIST_TREE)/docs/ && \
	 cp templates/*.md $(DIST_TREE)/share/culab/templates/ && \
	 mkdir -p $(DIST_TREE)/share/man/man1 \
	   $(DIST_TREE)/share/bash-completion/completions \
	   $(DIST_TREE)/share/zsh/site-functions && \
	 cp $(MAN_PAGE) $(DIST_TREE)/share/man/man1/culab.1 && \
	 cp $(BASH_COMP) $(DIST_TREE)/share/bash-completion/completions/culab && \
	 cp $(ZSH_COMP) $(DIST_TREE)/share/zsh/site-functions/_culab && \
	 cp -R experiments $(DIST_TREE)/share/culab/experiments && \
	 cp -R reports/examples/. $(DIST_TREE)/share/culab/examples/ && \
	 cp $(DIST_EULA) $(DIST_TREE)/licenses/NVIDIA-CUDA-EULA.txt && \
	 for p in $(DIST_COPYRIGHTS); do \
	   cp /usr/share/doc/$$p/copyright $(DIST_TREE)/licenses/$$p.copyright || exit 1; \
	 done && \
	 chmod -R u+rwX,go+rX,go-w $(DIST_TREE) && \
	 tar -C $(DIST_DIR) --sort=name --owner=0 --group=0 --numeric-owner \
	   -cf - $(DIST_NAME) | gzip > $@.tmp && mv -f $@.tmp $@

ifeq ($(RELEASE),1)
dist: $(DIST_TAR)
	@echo "culab: release tarball: $(DIST_TAR) ($$(du -h $(DIST_TAR) | cut -f1))"
else
dist:
	@$(MAKE) --no-print-directory RELEASE=1 dist
endif

# The release build, then the checks `make test` makes on small versions
# of it, on the real thing: every architecture in every fat binary of
# culab, and the tarball's tree running without a toolkit.
ifeq ($(RELEASE),1)
check-dist: dist $(FATBIN_LIST)
	@FATBIN_LIST=$(FATBIN_LIST) CUDA=$(CUDA) sh tests/fatbin.sh \
	  $(DIST_BIN) $(ARCH_LIST) && \
	 sh tests/dist.sh $(DIST_TAR) $(ARCH_LIST)
else
check-dist:
	@$(MAKE) --no-print-directory RELEASE=1 check-dist
endif

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- dependencies --------------------------------------------------------

deps:
	@sh src/deps.sh test

deps-run:
	@sh src/deps.sh run

# ---- the two set-up commands --------------------------------------------

# Sanitized builds skip the tarball: their runtime is not in it.
ifeq ($(SANITIZE),)
TEST_DIST := $(DIST_TAR)
endif

test: deps
	@$(MAKE) --no-print-directory test-build
	@FATBIN_LIST=$(FATBIN_LIST) FATBIN_PROBE=$(FATBIN_PROBE) \
	 GEN_RESULTS=$(GEN_RESULTS) CLASS_JUDGE=$(CLASS_JUDGE) \
	 SANITIZE='$(SANITIZE)' \
	 RELEASE_ARCHS='$(RELEASE_ARCHS)' DIST_TAR=$(TEST_DIST) \
	 DIST_ARCHS='$(ARCH_LIST)' CUDA=$(CUDA) V='$(V)' \
	 sh tests/run.sh $(BUILD) $(TEST_BIN)

# The long checks make test leaves out (tests/run.sh, SUITES=long): every
# recorded report printed in chromium.  .ci/run runs it after make test.
test-long: deps
	@$(MAKE) --no-print-directory $(BUILD)/culab
	@SUITES=long V='$(V)' sh tests/run.sh $(BUILD)

# The source tree's shape (tests/layout.sh), from the includes and from
# the objects' symbols; `make test` runs it, `make test-long` its
# self-test.
layout: $(MAIN_OBJ) $(LIB_OBJ)
	@sh tests/layout.sh . $(BUILD)

# What the suite runs, built by one recursive make after deps; its recipe
# keeps make from saying "'build/...' is up to date" for each of them.
test-build: $(BUILD)/culab $(GENERATED) $(TEST_BIN) $(FATBIN_LIST) \
	    $(FATBIN_PROBE) $(TEST_DIST) $(GEN_RESULTS) $(CLASS_JUDGE)
	@:

run: deps-run
	@$(MAKE) --no-print-directory $(BUILD)/culab
	@sh src/make-run.sh $(BUILD)/culab

# Every command output README.md and docs/ quote, run again and rewritten
# in place (tests/docs.sh, which make test runs in check mode); read the
# diff before committing it.
docs: $(BUILD)/culab
	@sh tests/docs.sh --update $(BUILD)/culab

# ---- GPU machine ------------------------------------------------------------

# Uses the carried build/ as is: GPU machines may lack the headers needed
# to rebuild.
test-gpu:
	@test -x $(BUILD)/culab || $(MAKE) --no-print-directory $(BUILD)/culab
	@test -x $(BUILD)/counters_check || $(MAKE) --no-print-directory $(BUILD)/counters_check || true
	@sh tests/gpu/run.sh $(BUILD)/culab

# The CPU suite's line coverage of src/ (gcov), built in build-cov.
coverage:
	@sh tests/coverage.sh build-cov

bench:
	@test -x $(BUILD)/culab || $(MAKE) --no-print-directory $(BUILD)/culab
	@sh tests/gpu/bench.sh $(BUILD)/culab

# kernels/ are compiled with -lineinfo (NVCCOPT), in the release build
# too, for counters per source line: it adds line tables, not code, which
# this checks function by function for every release architecture.
check-lineinfo: $(FLAGS_STAMP)
	@CUDA=$(CUDA) NVCC=$(NVCC) BUILD=$(BUILD) sh tests/lineinfo_sass.sh \
	  $(RELEASE_ARCHS)

# ---- fuzzing ------------------------------------------------------------------

FUZZ_TIME ?= 60
fuzz:
	@sh tests/fuzz/run.sh $(FUZZ_TIME) $(FUZZ_TARGETS)

# The report looks for templates in ../share/culab/templates from the
# executable, so an installed culab finds them.
install: $(BUILD)/culab $(GENERATED)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/culab/templates \
	  $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	install -m 0755 $(BUILD)/culab $(DESTDIR)$(PREFIX)/bin/culab
	install -m 0644 templates/*.md $(DESTDIR)$(PREFIX)/share/culab/templates/
	install -m 0644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/culab.1
	install -m 0644 $(BASH_COMP) \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/culab
	install -m 0644 $(ZSH_COMP) $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_culab

clean:
	rm -rf $(BUILD) build-release

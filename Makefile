# culab - a profiling-instrumented lab-report generator for CUDA
# optimization ladders.  See README.md.
#
#   make            build build/culab
#   make run        check dependencies, build, run experiments/default.yaml
#                   (no GPU: render the bundled example report instead)
#   make test       check dependencies, build, run the CPU test suite
#   make test-gpu   the GPU checks (run on a machine with a GPU)
#   make bench      the performance benchmarks (GPU)
#   make fuzz       libFuzzer targets for a bounded time (clang)
#
# Knobs: CUDA=/usr/local/cuda  ARCH=sm_90  WERROR=1
#        SANITIZE=address,undefined  BUILD=build  V=1
#        RELEASE=1 (every architecture, into build-release/)
#        ARCHS="75 80 86 89 90 100 120" (these instead of ARCH)

CUDA     ?= /usr/local/cuda
NVCC     ?= $(CUDA)/bin/nvcc
CC       ?= cc
CXX      ?= c++
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
# nvcc compiles a file's architectures in parallel with --threads; one
# architecture has nothing to split.
ifneq ($(words $(ARCH_LIST)),1)
NVCC_THREADS ?= 2
NVCCOPT_ARCHS := --threads $(NVCC_THREADS)
endif

CUDA_INC := $(CUDA)/include
CUDA_LIB := $(CUDA)/lib64
# Where libcupti.so lives differs between toolkit layouts; search them all.
CUPTI_RPATH := $(CUDA_LIB):$(CUDA)/extras/CUPTI/lib64:/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64

WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 -Wvla
CFLAGS   ?= -O2 -g
CXXFLAGS ?= -O2 -g
NVCCOPT  ?= -O3 -lineinfo
CPPFLAGS += -Isrc -Ikernels -I$(BUILD) -I$(CUDA_INC) -D_GNU_SOURCE

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

# libyaml, jansson and libcrypto are linked statically so build/culab runs
# on GPU machines that have the libraries' runtime but not their headers,
# or neither.  CUDA's runtime is static too; CUPTI is loaded from the
# toolkit (rpath).
STATIC_LIBS := -Wl,-Bstatic -lyaml -ljansson -lcrypto -Wl,-Bdynamic
CUDA_LIBS   := -L$(CUDA_LIB) -lcudart_static -lcupti \
               -Wl,-rpath,$(CUPTI_RPATH)
LDLIBS      := $(STATIC_LIBS) $(CUDA_LIBS) -ldl -lrt -lpthread -lm

ifeq ($(V),1)
Q :=
else
Q := @
endif

C_SRC   := $(filter-out src/main.c,$(wildcard src/*.c))
CXX_SRC := $(wildcard src/*.cpp)
CU_SRC  := $(wildcard kernels/*.cu)
LIB_OBJ := $(C_SRC:%.c=$(BUILD)/%.o) $(CXX_SRC:%.cpp=$(BUILD)/%.o) \
           $(CU_SRC:%.cu=$(BUILD)/%.o)
MAIN_OBJ := $(BUILD)/src/main.o

TEST_SRC := $(wildcard tests/unit/test_*.c)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

FLAGS_STAMP := $(BUILD)/.flags
# What the kernels are compiled for, as `culab --version` says it.
GPU_CODE    := $(foreach a,$(ARCH_LIST),sm_$(a)) + PTX compute_$(call newest,$(ARCH_LIST))
VERSION_H   := $(BUILD)/culab_version.h

.PHONY: all run test test-gpu bench fuzz deps deps-run clean install counters-check \
        FORCE

all: $(BUILD)/culab

# ---- build -------------------------------------------------------------

# A change of compiler or flags rebuilds everything (git's GIT-CFLAGS).
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(CC) $(ALL_CFLAGS)' '$(CXX) $(ALL_CXXFLAGS)' \
	  '$(NVCC) $(ALL_NVFLAGS)' '$(LDFLAGS) $(LDLIBS)' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(VERSION_H): FORCE
	@mkdir -p $(@D)
	@c=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	 git diff --quiet HEAD -- 2>/dev/null || c="$$c-dirty"; \
	 printf '#define CULAB_VERSION "%s"\n#define CULAB_COMMIT "%s"\n#define CULAB_GPU_CODE "%s"\n' \
	   '$(VERSION)' "$$c" '$(GPU_CODE)' > $@.new
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

$(BUILD)/src/main.o: $(VERSION_H)
$(BUILD)/src/results.o: $(VERSION_H)
# NVRTC is opened at run time (never linked), first from the toolkit
# culab was built with.  private: the flags stamp, a prerequisite, must
# not inherit it.
$(BUILD)/src/nvrtc.o: private CPPFLAGS += -DCULAB_CUDA_LIB='"$(CUDA_LIB)"'

$(BUILD)/culab: $(MAIN_OBJ) $(LIB_OBJ)
	@echo "  LINK    $@"
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^ $(LDLIBS)

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

# ---- release checks --------------------------------------------------------

# The suite's reader of fat binaries, for machines without cuobjdump
# (tests/fatbin_list.c, tests/fatbin.sh).
FATBIN_LIST := $(BUILD)/fatbin_list
$(FATBIN_LIST): tests/fatbin_list.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -MF $@.d -o $@ $< $(LDFLAGS)

# One small file of culab's compiled with the release architectures, so
# that `make test` checks RELEASE_GENCODE in seconds (check-dist checks
# the whole release binary).
FATBIN_PROBE := $(BUILD)/tests/support-release.o
$(FATBIN_PROBE): private GENCODE = $(RELEASE_GENCODE)
$(FATBIN_PROBE): private NVCCOPT_ARCHS = --threads 2
$(FATBIN_PROBE): kernels/support.cu $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  NVCC    $< (release architectures)"
	$(Q)$(NVCC) $(ALL_NVFLAGS) -c $< -o $@

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- dependencies --------------------------------------------------------

deps:
	@sh src/deps.sh test

deps-run:
	@sh src/deps.sh run

# ---- the two set-up commands --------------------------------------------

test: deps
	@$(MAKE) --no-print-directory $(BUILD)/culab $(TEST_BIN) \
	  $(FATBIN_LIST) $(FATBIN_PROBE)
	@FATBIN_LIST=$(FATBIN_LIST) FATBIN_PROBE=$(FATBIN_PROBE) \
	 RELEASE_ARCHS='$(RELEASE_ARCHS)' CUDA=$(CUDA) \
	 sh tests/run.sh $(BUILD) $(TEST_BIN)

run: deps-run
	@$(MAKE) --no-print-directory $(BUILD)/culab
	@sh src/make-run.sh $(BUILD)/culab

# ---- GPU machine ------------------------------------------------------------

# Uses the carried build/ as is: GPU machines may lack the headers needed
# to rebuild.
test-gpu:
	@test -x $(BUILD)/culab || $(MAKE) --no-print-directory $(BUILD)/culab
	@test -x $(BUILD)/counters_check || $(MAKE) --no-print-directory $(BUILD)/counters_check || true
	@sh tests/gpu/run.sh $(BUILD)/culab

bench:
	@test -x $(BUILD)/culab || $(MAKE) --no-print-directory $(BUILD)/culab
	@sh tests/gpu/bench.sh $(BUILD)/culab

# ---- fuzzing ------------------------------------------------------------------

FUZZ_TIME ?= 60
fuzz:
	@sh tests/fuzz/run.sh $(FUZZ_TIME)

# The report looks for templates in ../share/culab/templates from the
# executable, so an installed culab finds them.
install: $(BUILD)/culab
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/culab/templates
	install -m 0755 $(BUILD)/culab $(DESTDIR)$(PREFIX)/bin/culab
	install -m 0644 templates/*.md $(DESTDIR)$(PREFIX)/share/culab/templates/

clean:
	rm -rf $(BUILD) build-release

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

CUDA     ?= /usr/local/cuda
NVCC     ?= $(CUDA)/bin/nvcc
CC       ?= cc
CXX      ?= c++
ARCH     ?= sm_90
BUILD    ?= build
VERSION  := 0.1.0
PREFIX   ?= /usr/local

ARCH_NUM := $(patsubst sm_%,%,$(ARCH))
# Machine code for ARCH plus PTX, so newer GPUs can JIT-compile it.
GENCODE  := -gencode arch=compute_$(ARCH_NUM),code=$(ARCH) \
            -gencode arch=compute_$(ARCH_NUM),code=compute_$(ARCH_NUM)
# What GENCODE puts in the binary, in words: culab names it when a GPU
# has no code there (refusal.c).  Machine code, space-separated; the PTX.
BUILD_SASS := $(ARCH)
BUILD_PTX  := compute_$(ARCH_NUM)

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
ALL_NVFLAGS  = -std=c++17 $(GENCODE) $(NVCCOPT) $(CPPFLAGS) -MMD -MP \
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

# The command line (main.c's table and the cli_*.c files of its
# subcommands) is linked into culab only; the tests link the rest.
CLI_SRC := src/main.c $(wildcard src/cli_*.c)
C_SRC   := $(filter-out $(CLI_SRC),$(wildcard src/*.c))
CXX_SRC := $(wildcard src/*.cpp)
CU_SRC  := $(wildcard kernels/*.cu)
LIB_OBJ := $(C_SRC:%.c=$(BUILD)/%.o) $(CXX_SRC:%.cpp=$(BUILD)/%.o) \
           $(CU_SRC:%.cu=$(BUILD)/%.o)
MAIN_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)

TEST_SRC := $(wildcard tests/unit/test_*.c)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

FLAGS_STAMP := $(BUILD)/.flags
VERSION_H   := $(BUILD)/culab_version.h

.PHONY: all run test test-gpu bench fuzz deps deps-run clean install counters-check FORCE

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
	 printf '#define CULAB_VERSION "%s"\n#define CULAB_COMMIT "%s"\n#define CULAB_BUILD_SASS "%s"\n#define CULAB_BUILD_PTX "%s"\n' \
	   '$(VERSION)' "$$c" '$(BUILD_SASS)' '$(BUILD_PTX)' > $@.new
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
$(BUILD)/src/env.o: $(VERSION_H)
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

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- dependencies --------------------------------------------------------

deps:
	@sh src/deps.sh test

deps-run:
	@sh src/deps.sh run

# ---- the two set-up commands --------------------------------------------

test: deps
	@$(MAKE) --no-print-directory $(BUILD)/culab $(TEST_BIN)
	@sh tests/run.sh $(BUILD) $(TEST_BIN)

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
	rm -rf $(BUILD)

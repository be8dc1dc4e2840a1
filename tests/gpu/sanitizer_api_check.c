/* sanitizer_api_check.c - culab's declarations of the Compute Sanitizer
 * API (src/counters/sanitizer_api.h, and the patches' types in
 * kernels/patches/instrument.cu) against the real headers, at compile
 * time: tests/gpu/instrumented.sh compiles it where compute-sanitizer's
 * include/ folder exists.  It fails to compile where one differs. */
#include <stddef.h>

#include <sanitizer.h>

#include "src/counters/sanitizer_api.h"

#define SAME(a, b) _Static_assert((a) == (b), #a " differs from " #b)
#define SAME_FIELD(ours, theirs, f) \
	SAME(offsetof(struct ours, f), offsetof(theirs, f))

SAME(sizeof(san_result), sizeof(SanitizerResult));
SAME(0, SANITIZER_SUCCESS);
SAME(SAN_DOMAIN_RESOURCE, SANITIZER_CB_DOMAIN_RESOURCE);
SAME(SAN_DOMAIN_LAUNCH, SANITIZER_CB_DOMAIN_LAUNCH);
SAME(SAN_CBID_MODULE_LOADED, SANITIZER_CBID_RESOURCE_MODULE_LOADED);
SAME(SAN_CBID_LAUNCH_BEGIN, SANITIZER_CBID_LAUNCH_BEGIN);
SAME(SAN_INSTRUCTION_GLOBAL_MEMORY_ACCESS,
     SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS);
SAME(SAN_INSTRUCTION_SHARED_MEMORY_ACCESS,
     SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS);
SAME(sizeof(Sanitizer_CallbackDomain), sizeof(int));
SAME(sizeof(Sanitizer_InstructionId), sizeof(int));
SAME(sizeof(Sanitizer_CallbackId), sizeof(uint32_t));

SAME(sizeof(struct san_module_data), sizeof(Sanitizer_ResourceModuleData));
SAME_FIELD(san_module_data, Sanitizer_ResourceModuleData, context);
SAME_FIELD(san_module_data, Sanitizer_ResourceModuleData, module);
SAME_FIELD(san_module_data, Sanitizer_ResourceModuleData, cubinSize);
SAME_FIELD(san_module_data, Sanitizer_ResourceModuleData, pCubin);

SAME(sizeof(struct san_launch_data), sizeof(Sanitizer_LaunchData));
SAME_FIELD(san_launch_data, Sanitizer_LaunchData, context);
SAME_FIELD(san_launch_data, Sanitizer_LaunchData, module);
SAME_FIELD(san_launch_data, Sanitizer_LaunchData, function);
SAME_FIELD(san_launch_data, Sanitizer_LaunchData, functionName);
SAME_FIELD(san_launch_data, Sanitizer_LaunchData, gridId);
SAME_FIELD(san_launch_data, Sanitizer_LaunchData, hApiStream);

/* the patches' (kernels/patches/instrument.cu) */
SAME(SANITIZER_PATCH_SUCCESS, 0);
SAME(SANITIZER_MEMORY_DEVICE_FLAG_READ, 0x1);
SAME(SANITIZER_MEMORY_DEVICE_FLAG_WRITE, 0x2);

/* each function pointer of struct san_api takes what the header's
 * function takes: assigning the header's function to a pointer of the
 * header's own type, then comparing the parameter sizes, is what C
 * allows; the calls themselves are checked on the GPU (instrumented.sh) */
static SanitizerResult (*const sub)(Sanitizer_SubscriberHandle *,
				    Sanitizer_CallbackFunc, void *) =
	sanitizerSubscribe;
static SanitizerResult (*const enable)(uint32_t, Sanitizer_SubscriberHandle,
				       Sanitizer_CallbackDomain,
				       Sanitizer_CallbackId) =
	sanitizerEnableCallback;
static SanitizerResult (*const add)(const void *, CUcontext) =
	sanitizerAddPatches;
static SanitizerResult (*const patch)(const Sanitizer_InstructionId, CUmodule,
				      const char *) = sanitizerPatchInstructions;
static SanitizerResult (*const module)(CUmodule) = sanitizerPatchModule;
static SanitizerResult (*const data)(CUfunction, const void *) =
	sanitizerSetCallbackData;
static SanitizerResult (*const text)(SanitizerResult, const char **) =
	sanitizerGetResultString;
static SanitizerResult (*const unsub)(Sanitizer_SubscriberHandle) =
	sanitizerUnsubscribe;

int main(void)
{
	return !(sub && enable && add && patch && module && data && text &&
		 unsub);
}

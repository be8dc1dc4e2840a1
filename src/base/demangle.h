/* demangle.h - C++ symbol names read back as C++.  demangle.cpp is the
 * only C file's way to the C++ runtime's demangler (abi::__cxa_demangle),
 * which culab links anyway for CUPTI's C++ files. */
#ifndef CULAB_DEMANGLE_H
#define CULAB_DEMANGLE_H

#ifdef __cplusplus
extern "C" {
#endif

/* An Itanium C++ ABI name as C++ writes it: "_Z6reducePKfPfi" is
 * "reduce(float const*, float*, int)", a function template's with its
 * return type first ("void reduce<float, 256>(float const*, float*,
 * int)").  Returns the text (malloc'd: the caller frees it), or NULL for
 * a name that is not mangled (extern "C": no "_Z") or that the demangler
 * cannot read. */
char *demangle_symbol(const char *mangled);

#ifdef __cplusplus
}
#endif

#endif

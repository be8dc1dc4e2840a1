/* demangle.cpp - C++ symbol names read back as C++.  See demangle.h.
 *
 * The types of a C++ kernel's parameters are in its mangled name, which
 * NVRTC hands back as the lowered name.  The C++ runtime has the
 * reference reader of that grammar; this file is its door for C, so that
 * culab keeps no demangler of its own. */
#include "demangle.h"

#include <cxxabi.h>
#include <cstdlib>
#include <cstring>

char *demangle_symbol(const char *mangled)
{
	int status = -1;
	char *text;

	if (!mangled || std::strncmp(mangled, "_Z", 2) != 0)
		return NULL;
	/* malloc'd by the demangler, so the C caller's free() frees it */
	text = abi::__cxa_demangle(mangled, NULL, NULL, &status);
	if (status != 0) {
		std::free(text);
		return NULL;
	}
	return text;
}

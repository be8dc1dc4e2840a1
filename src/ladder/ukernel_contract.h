/* ukernel_contract.h - the user-kernel contract by type: what each
 * parameter of a compiled kernel is, which shape of its family it takes
 * (ladder.h: enum uk_shape) and whether a measurement's sizes fit it.
 * For ukernel.c; every problem is a diagnostic at the user's
 * file:line:col. */
#ifndef CULAB_UKERNEL_CONTRACT_H
#define CULAB_UKERNEL_CONTRACT_H

#include "ladder.h"

/* Reads k's definition in its source once (k->decl, NULL when culab
 * cannot find it) and decides whether k is a reduction of (in, out) that
 * culab compiles once per size with the macro N (k->sized).  Returns 0,
 * or -1 after a diagnostic: the defines of such a kernel name N too. */
int contract_prepare(struct ukernel *k);

/* The parameters of compiled instance u, into u->params and u->nparams:
 * their types from its lowered name when it is a C++ name, else from its
 * PTX and k's declaration; their names from the declaration.  Returns 0,
 * or -1 when the PTX has no entry of that name. */
int contract_read(const struct ukernel *k, struct uk_inst *u);

/* Checks u's parameters against the shapes of k's family and sets
 * k->shape.  Returns 0, or -1 after a diagnostic at the declaration in
 * the source (the parameter at fault, else the function's name; the
 * function key of the experiment file when the declaration cannot be
 * found), with a note at that key. */
int contract_check(struct ukernel *k, const struct uk_inst *u);

/* Checks one pass of a measurement against k's shape, with u the pass's
 * instance and n its elements (reduce; transposes take use's rows and
 * columns): a square size for an (in, out, n) transpose, and every size
 * within the range of the integer parameter it is passed in ("int n"
 * holds at most 2^31 - 1).  Returns 0, or -1 after a diagnostic at the
 * function key. */
int contract_check_sizes(const struct ukernel *k, const struct uk_inst *u,
			 const struct ukernel_use *use, uint64_t n);

#endif

/* fatbin_list.c - lists the GPU code embedded in a host object or
 * executable, as `cuobjdump --list-elf` and `--list-ptx` do, for the CPU
 * tests of the release build (tests/fatbin.sh).
 *
 * The toolkit culab is built with here ships nvcc but not cuobjdump, and
 * the tests must run where the toolkit is only what the build needs.  So
 * this reads the container itself: the ELF section .nv_fatbin (the name
 * the toolkit's fatbinary_section.h gives it) holds one fat binary per
 * CUDA object; each is a 16-byte header (magic 0xba55ed50, version,
 * header size, size of the entries) followed by entries, each with a
 * header saying its kind (1 PTX, 2 ELF), its architecture and its size,
 * then the image.  An ELF image's own header says its architecture again
 * (bits 8-15 of e_flags), and the two must agree: a misread container
 * fails loudly instead of listing wrong names.
 *
 *   fatbin_list [--list-elf] [--list-ptx] FILE
 *
 * prints "ELF file    N: STEM.K.sm_XY.cubin" and "PTX file    N:
 * STEM.K.sm_XY.ptx" lines (K: the fat binary the entry is in), both kinds
 * when no option is given.  Exits 0, or 1 with a message on stderr (no
 * such file, not a 64-bit ELF file, no device code, a malformed fat
 * binary). */
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FATBIN_MAGIC 0xba55ed50u
#define KIND_PTX 1
#define KIND_ELF 2

static const char *prog = "fatbin_list";

static int fail(const char *file, const char *why)
{
	fprintf(stderr, "%s: %s: %s\n", prog, file, why);
	return 1;
}

static uint16_t get16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)get16(p) | (uint32_t)get16(p + 2) << 16;
}

static uint64_t get64(const unsigned char *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

/* Reads the whole file; returns its bytes (caller frees) or NULL. */
static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf = NULL;
	long size;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (size = ftell(fp)) > 0 &&
	    fseek(fp, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)size);
		if (buf && fread(buf, 1, (size_t)size, fp) != (size_t)size) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)size;
	}
	fclose(fp);
	return buf;
}

/* Finds the section `name`; sets *off and *size.  Returns 0 or -1. */
static int find_section(const unsigned char *f, size_t len, const char *name,
			size_t *off, size_t *size)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strs;

	if (len < sizeof(eh))
		return -1;
	memcpy(&eh, f, sizeof(eh));
	if (eh.e_shoff == 0 || eh.e_shentsize != sizeof(sh) ||
	    eh.e_shstrndx >= eh.e_shnum ||
	    eh.e_shoff + (uint64_t)eh.e_shnum * sizeof(sh) > len)
		return -1;
	memcpy(&strs, f + eh.e_shoff + (size_t)eh.e_shstrndx * sizeof(sh),
	       sizeof(sh));
	for (size_t i = 0; i < eh.e_shnum; i++) {
		memcpy(&sh, f + eh.e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_name >= strs.sh_size ||
		    strs.sh_offset + strs.sh_size > len)
			return -1;
		if (strncmp((const char *)f + strs.sh_offset + sh.sh_name, name,
			    strs.sh_size - sh.sh_name) == 0) {
			if (sh.sh_type == SHT_NOBITS ||
			    sh.sh_offset + sh.sh_size > len)
				return -1;
			*off = sh.sh_offset;
			*size = sh.sh_size;
			return 0;
		}
	}
	return -1;
}

/* The file name without directories and without its last extension. */
static char *stem_of(const char *path)
{
	const char *base = strrchr(path, '/');
	char *s = strdup(base ? base + 1 : path), *dot;

	if (s && (dot = strrchr(s, '.')) != NULL && dot != s)
		*dot = '\0';
	return s;
}

int main(int argc, char **argv)
{
	bool elf = false, ptx = false;
	const char *file = NULL;
	unsigned char *f;
	size_t len = 0, off, size, nelf = 0, nptx = 0, nfat = 0;
	char *stem;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--list-elf"))
			elf = true;
		else if (!strcmp(argv[i], "--list-ptx"))
			ptx = true;
		else if (!file && argv[i][0] != '-')
			file = argv[i];
		else {
			fprintf(stderr, "usage: %s [--list-elf] [--list-ptx] "
				"FILE\n", prog);
			return 2;
		}
	}
	if (!file) {
		fprintf(stderr, "usage: %s [--list-elf] [--list-ptx] FILE\n",
			prog);
		return 2;
	}
	if (!elf && !ptx)
		elf = ptx = true;
	f = slurp(file, &len);
	if (!f)
		return fail(file, "cannot read the file");
	if (len < EI_NIDENT || memcmp(f, ELFMAG, SELFMAG) != 0 ||
	    f[EI_CLASS] != ELFCLASS64 || f[EI_DATA] != ELFDATA2LSB) {
		free(f);
		return fail(file, "not a 64-bit little-endian ELF file");
	}
	if (find_section(f, len, ".nv_fatbin", &off, &size) < 0) {
		free(f);
		return fail(file, "no device code (no .nv_fatbin section)");
	}
	stem = stem_of(file);

	/* Fat binaries follow each other, each aligned to 8 bytes. */
	for (size_t o = off; o + 16 <= off + size && rc == 0;) {
		const unsigned char *h = f + o;
		size_t end, e;

		if (get32(h) != FATBIN_MAGIC) {
			o += 8;
			continue;
		}
		nfat++;
		end = o + get16(h + 6) + get64(h + 8);
		if (end > off + size) {
			rc = fail(file, "a fat binary runs past its section");
			break;
		}
		for (e = o + get16(h + 6); e + 32 <= end;) {
			const unsigned char *x = f + e;
			unsigned kind = get16(x), arch = get32(x + 28);
			size_t hsize = get32(x + 4), psize = get64(x + 8);
			const unsigned char *img = x + hsize;

			if (hsize < 32 || e + hsize + psize > end) {
				rc = fail(file, "a fat binary entry runs past "
					  "its fat binary");
				break;
			}
			if (kind == KIND_ELF) {
				/* uncompressed images carry their own arch */
				if (psize >= 64 && !memcmp(img, ELFMAG, SELFMAG) &&
				    ((get32(img + 48) >> 8) & 0xffu) != arch) {
					fprintf(stderr, "%s: %s: entry says sm_%u, "
						"its ELF image sm_%u\n", prog,
						file, arch,
						(get32(img + 48) >> 8) & 0xffu);
					rc = 1;
					break;
				}
				if (elf)
					printf("ELF file %4zu: %s.%zu.sm_%u.cubin\n",
					       ++nelf, stem, nfat, arch);
			} else if (kind == KIND_PTX) {
				if (ptx)
					printf("PTX file %4zu: %s.%zu.sm_%u.ptx\n",
					       ++nptx, stem, nfat, arch);
			}
			e += hsize + psize;
		}
		o = (end + 7) & ~(size_t)7;
	}
	if (rc == 0 && nfat == 0)
		rc = fail(file, "no fat binary in .nv_fatbin");
	free(stem);
	free(f);
	return rc;
}

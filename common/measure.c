#include "measure.h"

#include <string.h>

int
dk_measure_parse(const char *name)
{
	if (strcmp(name, "jaccard") == 0 || strcmp(name, "multiset") == 0)
		return DK_M_JACCARD;
	if (strcmp(name, "set") == 0)
		return DK_M_SET;
	if (strcmp(name, "max") == 0 || strcmp(name, "ddd") == 0)
		return DK_M_MAX;
	return -1;
}

const char *
dk_measure_name(dk_measure m)
{
	return m == DK_M_SET ? "set" : m == DK_M_MAX ? "max" : "jaccard";
}

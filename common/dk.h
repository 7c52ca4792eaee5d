/* Everything in common/, for programs that use most of it. */
#ifndef DK_H
#define DK_H

#include "cli.h"
#include "corpus.h"
#include "digest.h"
#include "file.h"
#include "hash.h"
#include "ids.h"
#include "intern.h"
#include "keys.h"
#include "measure.h"
#include "mem.h"
#include "msg.h"
#include "pages.h"
#include "progress.h"
#include "quote.h"
#include "sniff.h"
#include "spread.h"
#include "stream.h"
#include "thread.h"
#include "token.h"
#include "utf8.h"
#include "warc.h"

#endif

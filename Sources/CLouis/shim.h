// liblouis's public API (Debian: liblouis-dev; its tables: liblouis-data). Only AnnouncerBraille
// imports this module (LouisTranslator).
#include <liblouis/liblouis.h>

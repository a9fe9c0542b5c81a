// espeak-ng's public API (Debian: libespeak-ng-dev). Only AnnouncerSpeech imports this module.
#include <espeak-ng/espeak_ng.h>

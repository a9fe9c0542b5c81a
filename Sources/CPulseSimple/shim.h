// PulseAudio's simple API (Debian: libpulse-dev), also served by PipeWire's pulse server.
// Only AnnouncerSpeech imports this module.
#include <pulse/simple.h>
#include <pulse/error.h>

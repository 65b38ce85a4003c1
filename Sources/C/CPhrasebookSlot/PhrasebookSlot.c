#include "PhrasebookSlot.h"

static _Thread_local void *slot;

void *phrasebook_slot_get(void) { return slot; }
void phrasebook_slot_set(void *value) { slot = value; }

#ifndef SAYLINE_PHRASEBOOK_SLOT_H
#define SAYLINE_PHRASEBOOK_SLOT_H
// One pointer a thread: the phrasebook in use on it. Swift's task-local values would do, but
// they link the concurrency runtime and libdispatch into a program that has no task (700 KB,
// and their start-up); a C thread-local is one load.
void *_Nullable phrasebook_slot_get(void);
void phrasebook_slot_set(void *_Nullable value);
#endif

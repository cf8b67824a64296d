#ifndef WALKTHROUGH_CSQLITE_JOURNAL_H
#define WALKTHROUGH_CSQLITE_JOURNAL_H

/// The name of the SQLite VFS that `walkthrough_journal_vfs_register` adds: the default VFS,
/// except that a rollback journal's writes are gathered in memory and written in large pieces
/// before the journal is synced, read, truncated, measured or closed.
#define WALKTHROUGH_JOURNAL_VFS "walkthrough-gathered-journal"

/// Registers the VFS (not as the default) the first time it is called, over the default VFS
/// as it is then; later calls return the first one's result. Returns an SQLite result code.
int walkthrough_journal_vfs_register(void);

#endif

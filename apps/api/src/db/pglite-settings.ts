/**
 * The embedded database's settings on top of PGlite's own. PostgreSQL's 128 MB buffer pool lives
 * inside PGlite's WebAssembly memory and would be most of the idle process; one institute's data
 * is served well by 16 MB, and the operating system's file cache still holds the files. Old log
 * segments are deleted rather than kept for reuse, so an erased person's rows leave the log
 * once a checkpoint has passed them.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'wal_recycle=off'];

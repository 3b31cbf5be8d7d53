// The embedded database alone (PGlite + PostGIS + btree_gist on the same data folder), opened and
// asked one query: the floor under the server's idle memory, printed as RSS in bytes.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';

const db = await PGlite.create({ dataDir: process.argv[2], extensions: { postgis, btree_gist } });
await db.query('SELECT count(*) FROM scenes');
await new Promise((r) => setTimeout(r, 2000));
console.log(process.memoryUsage().rss);
await db.close();

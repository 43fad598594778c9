/**
 * Imports a changing material over and over and prints `committed N` after each import, until
 * killed. `node --import tsx importLoop.ts DATA_DIR`. The test kills it with SIGKILL in the middle.
 */
import { Material } from '../../../model/material';
import { openDatabase } from '../../../server/db/open';
import { importFile } from '../../../server/store/import';

/** Version n of the material: (n % 7) + 1 texts, each saying `v{n}`. */
export function loopMaterial(n: number): Material {
  return Material.parse({
    modelName: 'Material',
    id: 'loop',
    publicId: 'loop',
    title: `Loop v${n}`,
    content: Array.from({ length: (n % 7) + 1 }, (_, i) => ({ modelName: 'Text', id: `loop-t${i}`, content: { html: `v${n}` } })),
  });
}

async function run(dataDir: string) {
  const db = await openDatabase({ dataDir });
  console.log('opened');
  for (let n = 0; ; n++) {
    await importFile(db, loopMaterial(n), { share: 'public' });
    console.log(`committed ${n}`);
  }
}

if (process.argv[2]) void run(process.argv[2]);

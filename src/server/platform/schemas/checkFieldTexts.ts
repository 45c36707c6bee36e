/**
 * What a field says to users and what its rows name: a `help` (entity field or form field) is
 * Chinese, never an English sentence (those belong in `description`, which no user sees); a json
 * field's row checks name columns it has and its row dictionaries exist. checkSchemas reports what
 * this finds with the file's name.
 */
import type { EntityDef, FormPageDef, SectionDef } from '../../../shared/schema/types.js';
import type { SchemaSet } from './SchemaSet.js';

export interface TextProblem {
  file: string;
  path: string;
  message: string;
}

const HAN = /\p{Script=Han}/u;
// Three Latin words in a row read as a sentence; names such as PDF or Word 文档 do not.
const LATIN_SENTENCE = /[A-Za-z]+[\s,.'’-]+[A-Za-z]+[\s,.'’-]+[A-Za-z]+/;

/** Why a help text is not fit for users, or null. */
export function helpProblem(help: unknown): string | null {
  if (typeof help !== 'string') return null;
  if (!HAN.test(help))
    return 'help is what users read: write it in Chinese (notes for schema editors go in description)';
  if (LATIN_SENTENCE.test(help))
    return 'help has an English sentence: users read it (notes for schema editors go in description)';
  return null;
}

function checkEntity(entity: EntityDef, file: string, dictionaries: ReadonlySet<string>, out: TextProblem[]): void {
  for (const [name, def] of Object.entries(entity.fields ?? {})) {
    const ptr = `/fields/${name}`;
    const bad = helpProblem(def.help);
    if (bad) out.push({ file, path: `${ptr}/help`, message: bad });
    const rows = def.rows;
    if (!rows) continue;
    if (def.type !== 'json') out.push({ file, path: `${ptr}/rows`, message: 'rows are for json fields' });
    for (const [col, c] of Object.entries(rows.fields ?? {})) {
      if (c.dict && !dictionaries.has(c.dict))
        out.push({ file, path: `${ptr}/rows/fields/${col}/dict`, message: `unknown dictionary "${c.dict}"` });
    }
    (rows.checks ?? []).forEach((c, i) => {
      for (const key of ['field', 'notBefore'] as const) {
        if (!rows.fields?.[c[key]])
          out.push({ file, path: `${ptr}/rows/checks/${i}/${key}`, message: `unknown column "${c[key]}" of the rows` });
      }
    });
  }
}

function checkSections(sections: SectionDef[] | undefined, pointer: string, file: string, out: TextProblem[]): void {
  (sections ?? []).forEach((s, i) =>
    (s.fields ?? []).forEach((f, j) => {
      const bad = helpProblem(f.help);
      if (bad) out.push({ file, path: `${pointer}/${i}/fields/${j}/help`, message: bad });
    }),
  );
}

export function checkFieldTexts(set: SchemaSet, fileOf: (key: string) => string): TextProblem[] {
  const out: TextProblem[] = [];
  const dictionaries = new Set(set.dictionaries.keys());
  for (const [name, e] of set.entities) checkEntity(e, fileOf(`entities/${name}`), dictionaries, out);
  for (const [id, p] of set.pages) {
    if ((p as { kind?: string }).kind !== 'form') continue;
    const page = p as FormPageDef;
    const file = fileOf(`pages/${id}`);
    checkSections(page.sections, '/sections', file, out);
    (page.steps ?? []).forEach((s, i) => checkSections(s.sections, `/steps/${i}/sections`, file, out));
  }
  return out;
}

/**
 * The published text of the schema files the studio reads besides the one open (a page's entity and
 * workflow, for its preview and outline), fetched once per published set: any studio answer says
 * which set the server serves (its newest version), and a newer one drops every text fetched before,
 * whoever published it (this page, an approval of a proposal, another analyst, another process).
 */
export class PublishedDocs {
  private readonly texts = new Map<string, Promise<string | undefined>>();
  private served = -1;

  constructor(private readonly fetch: (key: string) => Promise<string>) {}

  /** The server serves set `version`: texts of an older set are dropped. True when any was. */
  seen(version: number | undefined): boolean {
    if (version === undefined || version <= this.served) return false;
    this.served = version;
    return this.drop();
  }

  /** Drops every text (after a publish, a rollback or an approval made here). True when any was held. */
  drop(): boolean {
    const held = this.texts.size > 0;
    this.texts.clear();
    return held;
  }

  /** A file's text as just read from the server (the file opened). */
  put(key: string, text: string): void {
    this.texts.set(key, Promise.resolve(text));
  }

  /** A file's published text, undefined when it cannot be read. */
  text(key: string): Promise<string | undefined> {
    let got = this.texts.get(key);
    if (!got) {
      got = this.fetch(key).catch(() => {
        this.texts.delete(key);
        return undefined;
      });
      this.texts.set(key, got);
    }
    return got;
  }
}

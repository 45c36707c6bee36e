/**
 * What the duplicate check reads: of each entity, its long text fields (text, richtext) and the
 * text of its files fields; how a record names its topic, its notice (whose template is
 * boilerplate) and its applicant across accounts.
 */
export interface Source {
  entity: string;
  /** The field holding the record's topic id; null: the record is a topic. */
  topicField: string | null;
  noticeField: string | null;
  /** A field naming the applicant as a person (the leader's ID number), digested, never kept. */
  personField: string | null;
}

export const SOURCES: readonly Source[] = [
  { entity: 'topic', topicField: null, noticeField: 'noticeId', personField: 'leaderIdCard' },
  { entity: 'achievement', topicField: 'topicId', noticeField: null, personField: null },
];

export const sourceOf = (entity: string) => SOURCES.find((s) => s.entity === entity);

/** Documents shorter than this many letters say too little to compare (a one-line summary). */
export const MIN_LETTERS = 60;

/**
 * Text every application and report carries whatever its subject: the headings of the form and
 * of the provincial templates. Never counted as repeated (the notice's own template and text are
 * added per notice).
 */
export const FIXED_TEXT = [
  '课题申报书',
  '课题论证活页',
  '课题负责人',
  '一、选题依据',
  '二、研究内容',
  '三、研究方法',
  '四、预期成果',
  '五、研究基础',
  '六、经费预算',
  '课题研究的目标、内容与方法',
  '研究的主要观点与创新之处',
  '开题报告',
  '中期报告',
  '结题报告',
  '成果鉴定材料',
  '研究成果与主要结论',
  '存在的问题与今后的设想',
];

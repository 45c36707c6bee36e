/**
 * The checker's problems in the analyst's words. `npm run schemas:check` speaks to developers in
 * English; the studio shows the same problems in Chinese, translated here by the shape of each
 * message (names inside quotes are kept as written, they are what the analyst typed).
 */
const Q = '"([^"]*)"';
const TYPES: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值（true / false）',
  object: '对象（{ }）',
  array: '数组（[ ]）',
  null: 'null',
};
const typeName = (t: string) =>
  t
    .split(',')
    .map((x) => TYPES[x.trim()] ?? x.trim())
    .join('或');

type Rule = [RegExp, (...m: string[]) => string];
const r = (source: string, to: (...m: string[]) => string): Rule => [new RegExp(`^${source}$`, 's'), to];

const RULES: Rule[] = [
  r(`unknown field ${Q} of entity ${Q}`, (f, e) => `实体“${e}”没有字段“${f}”`),
  r(`unknown record field ${Q}`, (f) => `记录没有字段“${f}”`),
  r(`entity ${Q} has no field ${Q}`, (e, f) => `实体“${e}”没有字段“${f}”`),
  r(`entity ${Q} has no workflow`, (e) => `实体“${e}”没有工作流`),
  r(`entity ${Q} has no access.public`, (e) => `实体“${e}”没有公开访问设置（access.public）`),
  r(`unknown entity ${Q}.*`, (e) => `未知的实体“${e}”`),
  r(`unknown page ${Q}`, (p) => `未知的页面“${p}”`),
  r(`unknown workflow ${Q}`, (w) => `未知的工作流“${w}”`),
  r(`unknown status code ${Q} of workflow ${Q}`, (c, w) => `工作流“${w}”没有状态码“${c}”`),
  r(`unknown status code ${Q}`, (c) => `未知的状态码“${c}”`),
  r(`unknown transition ${Q} of workflow ${Q}`, (t, w) => `工作流“${w}”没有操作“${t}”`),
  r(`transition ${Q} is fired by the system only`, (t) => `操作“${t}”只能由系统执行`),
  r(`no transition has the action ${Q}`, (a) => `没有操作为“${a}”的流转`),
  r(`unknown dictionary( type)? ${Q}`, (_, d) => `未知的字典类型“${d}”`),
  r(`dictionary type ${Q} \\(SPEC §3\\) is missing`, (d) => `缺少字典类型“${d}”`),
  r(`unknown widget ${Q}.*`, (w) => `未知的控件“${w}”`),
  r(`unknown count ${Q}.*`, (c) => `未知的统计项“${c}”（请先在 settings.json 的 counts 中添加）`),
  r(`unknown column ${Q} of the rows`, (c) => `表格行中没有列“${c}”`),
  r(`unknown user key ${Q}.*`, (k) => `用户信息中没有“${k}”`),
  r(`unknown key ${Q}`, (k) => `不认识的属性“${k}”`),
  r(`unknown rule operator ${Q}`, (o) => `未知的规则运算符“${o}”`),
  r(`missing required key ${Q}`, (k) => `缺少必填属性“${k}”`),
  r(`missing "\\$schema": ${Q}`, (s) => `缺少 "$schema"，应为“${s}”`),
  r(`"\\$schema" must be ${Q}.*`, (s) => `"$schema" 应为“${s}”`),
  r(`must be one of: (.*)`, (list) => `取值只能是以下之一：${list}`),
  r(`must (?:be )?(>=|<=|>|<) (-?[\\d.]+)`, (op, n) => `应${CMP[op]} ${n}`),
  r(`must be (.*)`, (v) => (TYPES[v] || v.includes(',') ? `应为${typeName(v)}` : `应为 ${v}`)),
  r(`must NOT have more than (\\d+) (items|characters|properties)`, (n, u) => `不能超过 ${n} ${UNIT[u]}`),
  r(`must NOT have fewer than (\\d+) (items|characters|properties)`, (n, u) => `不能少于 ${n} ${UNIT[u]}`),
  r(`must match pattern "(.*)"`, (p) => `格式不符合要求（${p}）`),
  r(`must match format "(.*)"`, (p) => `格式不符合要求（${p}）`),
  r(`must NOT have duplicate items.*`, () => '不能有重复的项'),
  r(`must have required property '(.*)'`, (k) => `缺少必填属性“${k}”`),
  r(`must NOT be valid`, () => '不允许这样的取值'),
  r(
    `must match exactly one schema in oneOf|must match a schema in anyOf|must match "then" schema|must match "else" schema`,
    () => '内容不符合此处允许的任何一种写法',
  ),
  r(`duplicate status code ${Q}`, (c) => `状态码“${c}”重复`),
  r(`duplicate value ${Q}`, (v) => `取值“${v}”重复`),
  r(`duplicate path ${Q} \\(also at (.*)\\)`, (p, at) => `路径“${p}”重复（另见 ${at}）`),
  r(`duplicate (\\w+) key ${Q}`, (_, k) => `键“${k}”重复`),
  r(`route path ${Q} does not exist in routes.json`, (p) => `路由“${p}”不存在（routes.json 中没有）`),
  r(`(name|type) ${Q} must match the file name`, (_, n) => `名称“${n}”必须与文件名一致`),
  r(
    `id ${Q} must be the file's path under pages/: ${Q}`,
    (id, want) => `页面 id“${id}”必须是它在 pages/ 下的路径“${want}”`,
  ),
  r(`${Q} is a reserved name`, (n) => `“${n}”是保留名称`),
  r(`${Q} is not in from`, (s) => `“${s}”不在 from 中`),
  r(`${Q} is not readable here \\(use (.*)\\)`, (h, use) => `此处不能读取“${h}”（可用：${use}）`),
  r(`field ${Q} is required but never shown: nobody can fill it`, (f) => `字段“${f}”必填却从不显示：无人能填写`),
  r(
    `field ${Q} is required but hidden and not in initialValues: nobody can fill it`,
    (f) => `字段“${f}”必填却被隐藏且没有初始值：无人能填写`,
  ),
  r(`field ${Q} is required here but read-only on this page`, (f) => `字段“${f}”在此必填，但本页只读`),
  r(`field ${Q} is not public.*`, (f) => `字段“${f}”不公开（access.public.fields）`),
  r(`field ${Q} has no column in storage.columns`, (f) => `字段“${f}”在 storage.columns 中没有对应的列`),
  r(`placeholder ":(\\w+)" names no field of entity ${Q}`, (p, e) => `占位符“:${p}”不是实体“${e}”的字段`),
  r(`page ${Q} is not public.*`, (p) => `页面“${p}”不公开：访客会被拒绝（请加 "signedIn": true）`),
  r(`page ${Q} would draw this page inside itself`, (p) => `页面“${p}”会把本页嵌套在自身之中`),
  r(`page ${Q} is not a (\\w+) page`, (p, k) => `页面“${p}”不是 ${k} 类页面`),
  r(`mode is for form pages; ${Q} is a (\\w+) page`, (p, k) => `mode 只用于表单页面，“${p}”是 ${k} 类页面`),
  r(
    `(\\w+) (-?[\\d.]+) is above (\\w+) (-?[\\d.]+): no value can pass`,
    (lo, a, hi, b) => `${lo} ${a} 大于 ${hi} ${b}：没有值能通过`,
  ),
  r(`not a valid regular expression`, () => '不是合法的正则表达式'),
  r(`no \\{\\{ \\}\\} expressions: write a JSON rule`, () => '不能使用 {{ }} 表达式：请写成 JSON 规则'),
  r(`a rule object has exactly one operator.*`, () => '一个规则对象只能有一个运算符'),
  r(`var takes a dotted path string`, () => 'var 的取值应为以点分隔的路径文本'),
  r(
    `(read|public) rules filter lists in the database: (.*)`,
    (_, why) => `读取规则要在数据库中筛选列表：${translateProblem(why)}`,
  ),
  r(`a list cannot be used as a condition`, () => '列表不能作为条件'),
  r(`comparing two record fields cannot be filtered`, () => '比较记录的两个字段无法在数据库中筛选'),
  r(
    `.*cannot be filtered by the database.*`,
    () => '该运算符无法在数据库中筛选记录字段；请用 ==、!=、<、>、in、and、or、!',
  ),
  r(`.*must compare \\{"var": "record.<field>"\\} with a value`, () => '应比较 {"var": "record.<字段>"} 与一个值'),
  r(`"in" .*`, () => '"in" 应检查 {"var": "record.<字段>"} 是否在一组值中'),
  r(
    `.*only text, numbers and booleans can be compared with a record field`,
    () => '只有文本、数字和布尔值能与记录字段比较',
  ),
  r(`a system transition takes no roles`, () => '系统流转不设角色'),
  r(`name the roles that may fire it.*`, () => '请写明可执行该操作的角色（或 actor 设为 "system"）'),
  r(`init is for readOnly fields.*`, () => 'init 只用于只读字段（由服务器设置）'),
  r(`accept, maxCount and maxSize are for files fields`, () => 'accept、maxCount 和 maxSize 只用于文件字段'),
  r(`multiple is for dictionary fields`, () => 'multiple 只用于字典字段'),
  r(`rows are for json fields`, () => 'rows 只用于 json 字段'),
  r(`a write-only field is neither readOnly nor required`, () => '只写字段不能同时只读或必填'),
  r(
    `a readOnly field is set by the server, never given by a save`,
    () => '只读字段由服务器设置，保存时不会填写，不能列入“至少填写一项”',
  ),
  r(`help .*`, () => '帮助文字是给用户看的：请用中文书写（给配置人员的说明写在 description 中）'),
];
const UNIT: Record<string, string> = { items: '项', characters: '个字符', properties: '个属性' };
const CMP: Record<string, string> = { '>=': '不小于', '<=': '不大于', '>': '大于', '<': '小于' };

/** One problem's message in Chinese; a message already in Chinese is kept. */
export function translateProblem(message: string): string {
  if (/[\u4e00-\u9fa5]/.test(message)) return message;
  for (const [re, to] of RULES) {
    const m = re.exec(message);
    if (m) return to(...m.slice(1));
  }
  return `配置不符合要求（${message}）`;
}

/**
 * The article page kind: a public record read as an article (./page.schema.json): the
 * title, the source unit, region and date under it, the summary, the body at reading width and the
 * attachments as a download list. No form, no Formily: public pages stay light.
 */
import { FileTextOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ArticlePageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import type { FileRefLike } from '../../data/dataProvider.js';
import { useDictionary } from '../../dictionaries/useDictionary.js';
import { areaText } from '../../model/dashboard.js';
import { formatDate } from '../../model/columns.js';
import { useRuntime } from '../../RuntimeContext.js';
import { StatusResult } from '../../../feedback/StatusResult.js';
import { underBase } from '../../../api/appBase.js';
import { FileList } from '../../widgets/FileList/FileList.js';
import { sanitizeHtml } from '../../widgets/sanitizeHtml.js';
import type { PageKindProps } from '../types.js';
import '../../widgets/RichText/richtext.css';
import './article.css';

export const ARTICLE_NOT_FOUND = '内容不存在或已撤下';

/**
 * An article's links (我要申报) with the record's values in their `:field` placeholders: for a
 * visitor always (a page that needs a login asks for it, then opens), for a signed-in user when
 * the role is one the link names.
 */
export function articleActions(
  page: ArticlePageDef,
  record: ResourceRecord,
  roleCode: string | undefined,
): { label: string; to: string; primary: boolean }[] {
  return (page.actions ?? [])
    .filter((a) => !roleCode || (a.roles ?? []).includes(roleCode as never))
    .map((a) => ({
      label: a.label,
      primary: a.primary === true,
      to: a.to.replace(/:(\w+)/g, (_m, field: string) => encodeURIComponent(String(record[field] ?? ''))),
    }));
}

export function ArticlePage({ bundle, query, record: given, missing }: PageKindProps) {
  const page = bundle.page as ArticlePageDef;
  const f = page.fields;
  const { dataProvider, user } = useRuntime();
  const areas = useDictionary(f.area ? 'areacode' : undefined);
  const [state, setState] = useState<{ record: ResourceRecord | null; failed: boolean }>({
    record: given ?? null,
    failed: missing === true,
  });
  useEffect(() => {
    if (missing) return;
    if (given || !query.id) {
      if (!query.id && !given) setState({ record: null, failed: true });
      return;
    }
    let alive = true;
    dataProvider.getPublicOne(page.entity, query.id).then(
      (record) => {
        if (alive) setState({ record, failed: false });
      },
      () => {
        if (alive) setState({ record: null, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, page.entity, query.id, given, missing]);

  if (state.failed) return <StatusResult status="404" title={ARTICLE_NOT_FOUND} />;
  const r = state.record;
  if (!r)
    return (
      <div className="runtime-page rt-article">
        <Skeleton active title paragraph={{ rows: 8 }} />
      </div>
    );
  const text = (field: string | undefined) => {
    const v = field ? r[field] : undefined;
    return v === null || v === undefined ? '' : String(v);
  };
  const title = text(f.title) || page.title;
  const source = text(f.source);
  const date = f.date ? formatDate(r[f.date], false) : '';
  const area = f.area ? areaText(r[f.area], areas.options) : '';
  const summary = text(f.summary);
  // Only a rich-text field is HTML; a plain-text body (an expert's answer) is text, its line breaks kept.
  const bodyIsHtml = f.body ? bundle.entity.fields[f.body]?.type === 'richtext' : false;
  const body = f.body ? (bodyIsHtml ? sanitizeHtml(text(f.body), { resolve: underBase }) : text(f.body)) : '';
  const files = f.attachments && Array.isArray(r[f.attachments]) ? (r[f.attachments] as FileRefLike[]) : [];
  const actions = articleActions(page, r, user?.roleCode);
  return (
    <article className="runtime-page rt-article" aria-labelledby="rt-article-title">
      <header className="rt-article-head">
        <h1 id="rt-article-title" className="rt-article-title">
          {title}
        </h1>
        <p className="rt-article-meta">
          {source ? <span>来源：{source}</span> : null}
          {area ? <span>范围：{area}</span> : null}
          {date ? (
            <span>
              发布日期：<time dateTime={date}>{date}</time>
            </span>
          ) : null}
        </p>
      </header>
      {summary ? <p className="rt-article-summary">{summary}</p> : null}
      {body && bodyIsHtml ? (
        <div className="rt-article-body runtime-richtext-view" dangerouslySetInnerHTML={{ __html: body }} />
      ) : null}
      {body && !bodyIsHtml ? (
        <div className="rt-article-body rt-article-plain" style={{ whiteSpace: 'pre-wrap' }}>
          {body}
        </div>
      ) : null}
      {actions.length ? (
        <p className="rt-article-actions">
          {actions.map((a) => (
            <Link
              key={a.to}
              to={a.to}
              className={a.primary ? 'rt-article-action rt-article-action-primary' : 'rt-article-action'}
            >
              {a.label}
            </Link>
          ))}
        </p>
      ) : null}
      {files.length ? (
        <section className="rt-article-files" aria-labelledby="rt-article-files">
          <h2 id="rt-article-files">
            <FileTextOutlined aria-hidden /> 附件下载（{files.length}）
          </h2>
          <FileList value={files} />
        </section>
      ) : null}
    </article>
  );
}

/** Fixture schemas of the runtime's own tests: one of each page kind, steps, rules, public pages. */
import type { DictionaryDef, EntityDef, PageDef, WorkflowDef } from '../../../shared/schema/types.js';
import notice from './entities/notice.json';
import noticeWorkflow from './workflows/notice.json';
import noticeList from './pages/noticeList.json';
import noticeForm from './pages/noticeForm.json';
import noticeSteps from './pages/noticeSteps.json';
import noticeDetail from './pages/noticeDetail.json';
import noticePublicList from './pages/noticePublicList.json';
import noticePublicLook from './pages/noticePublicLook.json';
import hyly from './dictionaries/hyly.json';
import areacode from './dictionaries/areacode.json';

export const fixtureEntities: EntityDef[] = [notice as unknown as EntityDef];
export const fixtureWorkflows: WorkflowDef[] = [noticeWorkflow as unknown as WorkflowDef];
export const fixturePages: PageDef[] = [
  noticeList,
  noticeForm,
  noticeSteps,
  noticeDetail,
  noticePublicList,
  noticePublicLook,
] as unknown as PageDef[];
export const fixtureDictionaries: DictionaryDef[] = [hyly, areacode];

export const noticeEntity = notice as unknown as EntityDef;
export const noticeWorkflowDef = noticeWorkflow as unknown as WorkflowDef;

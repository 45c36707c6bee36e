import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { docxBytes } from './docx.js';
import { noticeAsksSheet } from './argumentSheet.js';

/** Said when a notice that does not ask for the 活页 is asked for its template. */
export const NO_SHEET_ASKED = '该通知未要求提交课题论证活页';

/**
 * The headings of a blank 课题论证活页: the argument of the application, with room under each, and
 * the rule the identity check holds it to said first (no name, unit, member, ID or phone).
 */
export function argumentSheetTemplateLines(noticeTitle: string): string[] {
  const room = ['', ''];
  return [
    '课题论证活页',
    noticeTitle,
    '填写说明：活页用于隐名评审，不得出现申请人姓名、单位、课题组成员、身份证号和电话等信息。',
    '课题名称：',
    '',
    '一、选题依据（问题的提出，国内外研究现状述评，选题的意义和价值）',
    ...room,
    '二、研究内容（研究目标、主要内容、重点难点、创新之处）',
    ...room,
    '三、研究思路与方法（研究思路、研究方法、实施步骤）',
    ...room,
    '四、研究基础与条件保障（前期相关研究、研究条件；不写姓名和单位）',
    ...room,
    '五、预期成果（成果形式、预期价值与使用去向）',
    ...room,
  ];
}

/**
 * A blank 活页 for an application notice that asks for one, as a Word document: whoever may read
 * the notice may download it (its page's 下载活页模板). A notice that does not ask says so.
 */
export async function argumentSheetTemplate(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const notice = await new ResourceService(ctx).get('notice', { id }, user);
  if (!noticeAsksSheet(notice)) throw new AppError(NO_SHEET_ASKED, 400);
  const bytes = await docxBytes(argumentSheetTemplateLines(String(notice.title ?? '')));
  return { filename: '课题论证活页模板.docx', bytes };
}

import { Input, Radio } from 'antd';
import type { ReviewState } from '../../../../../shared/contracts/review.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';

interface Opinions {
  recommendation: string | null;
  setRecommendation: (v: string) => void;
  confidence: string | null;
  setConfidence: (v: string) => void;
  comment: string;
  setComment: (v: string) => void;
}

/** One choice of the sheet under its heading: radio buttons while editable, else the saved choice's words. */
function OpinionChoice({
  label,
  canEdit,
  value,
  onChange,
  options,
  saved,
  className,
}: {
  label: string;
  canEdit: boolean;
  value: string | null;
  onChange: (v: string) => void;
  options: Array<{ label: string; value: string }>;
  saved: string;
  className: string;
}) {
  return (
    <div style={{ marginTop: 16 }}>
      <div style={{ marginBottom: 8 }}>{label}</div>
      {canEdit ? (
        <Radio.Group
          aria-label={label}
          value={value}
          onChange={(e) => onChange(e.target.value as string)}
          options={options}
        />
      ) : (
        <span className={className}>{saved}</span>
      )}
    </div>
  );
}

/**
 * 推荐意见 (the batch's choices), 评审把握 (dictionary psbw) and 评审意见 under the scores: inputs while
 * the sheet can be edited, else the review's saved words.
 */
export function ScoreOpinions({
  canEdit,
  choices,
  review,
  opinions,
}: {
  canEdit: boolean;
  /** The batch's recommendations. */
  choices: string[];
  review: Pick<ReviewState, 'recommendation' | 'confidence' | 'comment'>;
  opinions: Opinions;
}) {
  const confidenceOptions = useDictionary('psbw').options;
  return (
    <>
      <OpinionChoice
        label="推荐意见"
        canEdit={canEdit}
        value={opinions.recommendation}
        onChange={opinions.setRecommendation}
        options={choices.map((o) => ({ label: o, value: o }))}
        saved={review.recommendation ?? '-'}
        className="rt-score-recommendation"
      />
      <OpinionChoice
        label="评审把握"
        canEdit={canEdit}
        value={opinions.confidence}
        onChange={opinions.setConfidence}
        options={confidenceOptions.map((o) => ({ label: o.text, value: o.value }))}
        saved={confidenceOptions.find((o) => o.value === review.confidence)?.text ?? '-'}
        className="rt-score-confidence"
      />
      <div style={{ marginTop: 16 }}>
        <div style={{ marginBottom: 8 }}>评审意见</div>
        {canEdit ? (
          <Input.TextArea
            aria-label="评审意见"
            rows={4}
            maxLength={2000}
            showCount
            value={opinions.comment}
            onChange={(e) => opinions.setComment(e.target.value)}
          />
        ) : (
          <div className="rt-score-comment" style={{ whiteSpace: 'pre-wrap' }}>
            {review.comment || '-'}
          </div>
        )}
      </div>
    </>
  );
}

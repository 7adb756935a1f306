import { useId, useState } from 'react';
import {
  DefaultModelId,
  MODEL_CHOICE_NAMES,
  TIME_FRAME_LABELS,
  TimeFrame,
  type DefaultModels,
} from '@stockseer/contract';
import { setDefaultModel, useDefaultModels } from './adminApi';
import { ADMIN_TEXT } from './messages';
import { NotLoaded } from '../../components/NotLoaded';
import { useAdminToasts } from './useAdminToasts';

type DefaultModel = DefaultModels[TimeFrame];

/** One selector and an Update button per timeframe (docs/product.md#admin-tab). */
export function DefaultModelsCard() {
  const headingId = useId();
  const toasts = useAdminToasts();
  const { data, error, mutate } = useDefaultModels(toasts.fetchFailed);

  return (
    <section className="card admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{ADMIN_TEXT.defaultModelsTitle}</h2>
      <p className="muted admin-intro">{ADMIN_TEXT.defaultModelsIntro}</p>
      {data ? (
        <div className="default-models">
          {TimeFrame.options.map((timeFrame) => (
            <DefaultModelRow
              // Remounted when the server's value changes, so the selector starts from what is saved.
              key={`${timeFrame}:${data[timeFrame]}`}
              timeFrame={timeFrame}
              saved={data[timeFrame]}
              onSaved={(models) => void mutate(models, { revalidate: false })}
            />
          ))}
        </div>
      ) : (
        <NotLoaded
          error={error}
          failedText={ADMIN_TEXT.fetchFailed}
          loadingText={ADMIN_TEXT.loading}
          onRetry={mutate}
        />
      )}
    </section>
  );
}

interface RowProps {
  timeFrame: TimeFrame;
  saved: DefaultModel;
  onSaved: (models: DefaultModels) => void;
}

function DefaultModelRow({ timeFrame, saved, onSaved }: RowProps) {
  const id = useId();
  const toasts = useAdminToasts();
  const [choice, setChoice] = useState<DefaultModel>(saved);
  const [saving, setSaving] = useState(false);

  const update = async () => {
    setSaving(true);
    try {
      const models = await setDefaultModel(timeFrame, choice);
      toasts.success(ADMIN_TEXT.modelUpdated(timeFrame, MODEL_CHOICE_NAMES[models[timeFrame]]));
      onSaved(models);
    } catch {
      toasts.failure(ADMIN_TEXT.modelUpdateFailed(timeFrame));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="default-model-row">
      <label htmlFor={id}>{TIME_FRAME_LABELS[timeFrame]}</label>
      <select id={id} value={choice} onChange={(e) => setChoice(DefaultModelId.parse(e.target.value))}>
        {DefaultModelId.options.map((model) => (
          <option key={model} value={model}>
            {MODEL_CHOICE_NAMES[model]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        aria-label={`${ADMIN_TEXT.update} ${TIME_FRAME_LABELS[timeFrame]}`}
        disabled={saving || choice === saved}
        onClick={() => void update()}
      >
        {saving ? ADMIN_TEXT.updating : ADMIN_TEXT.update}
      </button>
    </div>
  );
}

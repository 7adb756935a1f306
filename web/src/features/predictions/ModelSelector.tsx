import { useId } from 'react';
import { MODEL_CHOICE_NAMES, ModelChoice } from '@stockseer/contract';
import { MODEL_DESCRIPTIONS, PREDICTION_TEXT } from './messages';

interface Props {
  value: ModelChoice;
  onChange: (model: ModelChoice) => void;
  /**
   * The admin gets the titled picker with every model explained; everyone else a plain select
   * (docs/product.md#predictions-tab).
   */
  isAdmin: boolean;
}

const CHOICES = ModelChoice.options;

export function ModelSelector({ value, onChange, isAdmin }: Props) {
  const id = useId();
  if (!isAdmin) {
    return (
      <div className="model-select">
        <label htmlFor={id}>{PREDICTION_TEXT.modelSelectLabel}</label>
        <select id={id} value={value} onChange={(event) => onChange(ModelChoice.parse(event.target.value))}>
          {CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {MODEL_CHOICE_NAMES[choice]}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="model-picker">
      <legend>{PREDICTION_TEXT.modelPickerTitle}</legend>
      {CHOICES.map((choice) => (
        <label key={choice} className="model-option">
          <input type="radio" name={id} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          <span className="model-option-text">
            <span className="model-option-name">{MODEL_CHOICE_NAMES[choice]}</span>
            <span className="model-option-description">{MODEL_DESCRIPTIONS[choice]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

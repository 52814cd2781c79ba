import { useId } from 'react'
import type { ChoiceView, OptionPickerView, Selection } from './choice-availability'

export interface OptionPickersProps {
  pickers: readonly OptionPickerView[]
  /** The choices to show as made: the page's, or the ones a pending navigation is loading. */
  selection: Selection
  /** Called with an option's new choice once the page is hydrated. */
  onChoose: (optionName: string, choice: string) => void
}

/** How a choice reads: its name, and why it cannot be bought when it cannot. */
function toChoiceLabel(choice: ChoiceView): string {
  if (!choice.isAvailable) return `${choice.description} (unavailable)`
  return choice.isInStock ? choice.description : `${choice.description} (sold out)`
}

/**
 * The product's options as form fields named after the options (`Size`, `Color`), so a GET submission puts
 * the choices in the URL and a POST carries them to the action: a select for drop-downs, radio swatches for
 * colours. Choices no variant combines with the rest are disabled; sold-out ones stay choosable and say so.
 */
export function OptionPickers({ pickers, selection, onChoose }: OptionPickersProps) {
  return pickers.map((picker) =>
    picker.type === 'color' ? (
      <ColorPicker key={picker.name} picker={picker} selected={selection[picker.name]} onChoose={onChoose} />
    ) : (
      <DropDownPicker
        key={picker.name}
        picker={picker}
        selected={selection[picker.name]}
        onChoose={onChoose}
      />
    ),
  )
}

interface PickerProps {
  picker: OptionPickerView
  selected: string | undefined
  onChoose: OptionPickersProps['onChoose']
}

function DropDownPicker({ picker, selected, onChoose }: PickerProps) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{picker.name}</label>
      <select
        id={id}
        name={picker.name}
        value={selected ?? ''}
        required
        onChange={(event) => onChoose(picker.name, event.target.value)}
      >
        {selected === undefined ? <option value="">Choose {picker.name.toLowerCase()}</option> : null}
        {picker.choices.map((choice) => (
          <option
            key={choice.description}
            value={choice.description}
            disabled={!choice.isAvailable && !choice.isSelected}
          >
            {toChoiceLabel(choice)}
          </option>
        ))}
      </select>
    </div>
  )
}

function ColorPicker({ picker, selected, onChoose }: PickerProps) {
  return (
    <fieldset className="field swatches">
      <legend>
        {picker.name}
        {selected ? <span className="swatch-selected">: {selected}</span> : null}
      </legend>
      {picker.choices.map((choice) => {
        const isDisabled = !choice.isAvailable && !choice.isSelected
        return (
          <label
            key={choice.description}
            className={choice.isInStock ? 'swatch' : 'swatch swatch-sold-out'}
            data-disabled={isDisabled || undefined}
          >
            <input
              type="radio"
              name={picker.name}
              value={choice.description}
              checked={selected === choice.description}
              disabled={isDisabled}
              required
              onChange={() => onChoose(picker.name, choice.description)}
            />
            <span className="swatch-color" style={{ background: choice.value }} aria-hidden="true" />
            <span className="swatch-name">{toChoiceLabel(choice)}</span>
          </label>
        )
      })}
    </fieldset>
  )
}

import { type RefObject, useId, useLayoutEffect, useRef } from 'react'
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

/**
 * Makes the shown choice the field's default too: React resets a form after its action (`Add to cart`), and
 * a browser's reset returns each field to its default, which for a controlled field stays what the server
 * first rendered (the first size, no colour). With the shopper's choice as the default, the reset keeps it.
 */
function useChoiceAsDefault<T extends HTMLElement>(selected: string | undefined): RefObject<T | null> {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    const field = ref.current
    if (!field) return
    for (const option of field.querySelectorAll('option')) option.defaultSelected = option.value === selected
    for (const radio of field.querySelectorAll<HTMLInputElement>('input[type="radio"]'))
      radio.defaultChecked = radio.value === selected
  }, [selected])
  return ref
}

interface PickerProps {
  picker: OptionPickerView
  selected: string | undefined
  onChoose: OptionPickersProps['onChoose']
}

function DropDownPicker({ picker, selected, onChoose }: PickerProps) {
  const id = useId()
  const ref = useChoiceAsDefault<HTMLDivElement>(selected)
  return (
    <div className="field" ref={ref}>
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
  const ref = useChoiceAsDefault<HTMLFieldSetElement>(selected)
  return (
    <fieldset className="field swatches" ref={ref}>
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

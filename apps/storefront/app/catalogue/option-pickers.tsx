import { type RefObject, useId, useLayoutEffect, useRef } from 'react'
import {
  type ChoiceView,
  type OptionPickerView,
  type Selection,
  toMissingChoiceMessage,
} from './choice-availability'

export interface OptionPickersProps {
  pickers: readonly OptionPickerView[]
  /** The choices to show as made: the page's, or the ones a pending navigation is loading. */
  selection: Selection
  /** Called with an option's new choice once the page is hydrated. */
  onChoose: (optionName: string, choice: string) => void
  /** Options the shopper tried to add to the cart without choosing: each says so beside itself. */
  missing: readonly string[]
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
 * The fields are not `required`: an unchosen option is the shop's to name, beside the field (`missing`),
 * where the browser's own bubble would say "Please select an item in the list".
 */
export function OptionPickers({ pickers, selection, onChoose, missing }: OptionPickersProps) {
  return pickers.map((picker) => {
    const props = {
      picker,
      selected: selection[picker.name],
      onChoose,
      error: missing.includes(picker.name) ? toMissingChoiceMessage(picker.name) : undefined,
    }
    return picker.type === 'color' ? (
      <ColorPicker key={picker.name} {...props} />
    ) : (
      <DropDownPicker key={picker.name} {...props} />
    )
  })
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
  /** Why the option needs the shopper's choice, when adding was refused for it. */
  error: string | undefined
}

/** The message beside an option left unchosen; the field names it as its description. */
function ChoiceError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="form-message form-error">
      {error}
    </p>
  ) : null
}

function DropDownPicker({ picker, selected, onChoose, error }: PickerProps) {
  const id = useId()
  const errorId = `${id}-error`
  const ref = useChoiceAsDefault<HTMLDivElement>(selected)
  return (
    <div className="field" ref={ref}>
      <label htmlFor={id}>{picker.name}</label>
      <select
        id={id}
        name={picker.name}
        value={selected ?? ''}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
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
      <ChoiceError id={errorId} error={error} />
    </div>
  )
}

function ColorPicker({ picker, selected, onChoose, error }: PickerProps) {
  const errorId = `${useId()}-error`
  const ref = useChoiceAsDefault<HTMLFieldSetElement>(selected)
  return (
    <fieldset className="field swatches" ref={ref} aria-describedby={error ? errorId : undefined}>
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
              aria-describedby={error ? errorId : undefined}
              onChange={() => onChoose(picker.name, choice.description)}
            />
            <span className="swatch-color" style={{ background: choice.value }} aria-hidden="true" />
            <span className="swatch-name">{toChoiceLabel(choice)}</span>
          </label>
        )
      })}
      <ChoiceError id={errorId} error={error} />
    </fieldset>
  )
}

import { useId } from 'react'
import { type OptionView, optionFieldName, type Selection } from './variant-selection'

export interface ProductOptionsProps {
  options: readonly OptionView[]
  /** The choices the page starts with. */
  initialSelection: Selection
  /** The current choices, to name the chosen colour beside its legend. */
  selection: Selection
}

/**
 * The product's options as form fields: a select for drop-downs, radio swatches for colours.
 * Uncontrolled, so a choice made before hydration is kept; the form reads the fields when they change.
 */
export function ProductOptions({ options, initialSelection, selection }: ProductOptionsProps) {
  return options.map((option) =>
    option.type === 'color' ? (
      <ColorOption
        key={option.name}
        option={option}
        initial={initialSelection[option.name]}
        selected={selection[option.name]}
      />
    ) : (
      <DropDownOption key={option.name} option={option} initial={initialSelection[option.name]} />
    ),
  )
}

interface OptionProps {
  option: OptionView
  initial: string | undefined
}

function choiceLabel(choice: OptionView['choices'][number]): string {
  return choice.inStock ? choice.description : `${choice.description} (sold out)`
}

function DropDownOption({ option, initial }: OptionProps) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{option.name}</label>
      <select id={id} name={optionFieldName(option.name)} defaultValue={initial ?? ''} required>
        {initial === undefined ? <option value="">Choose {option.name.toLowerCase()}</option> : null}
        {option.choices.map((choice) => (
          <option key={choice.description} value={choice.description}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
    </div>
  )
}

function ColorOption({ option, initial, selected }: OptionProps & { selected: string | undefined }) {
  return (
    <fieldset className="field swatches">
      <legend>
        {option.name}
        {selected ? <span className="swatch-selected">: {selected}</span> : null}
      </legend>
      {option.choices.map((choice) => (
        <label key={choice.description} className="swatch">
          <input
            type="radio"
            name={optionFieldName(option.name)}
            value={choice.description}
            defaultChecked={initial === choice.description}
            required
          />
          <span className="swatch-color" style={{ background: choice.value }} aria-hidden="true" />
          <span className="swatch-name">{choiceLabel(choice)}</span>
        </label>
      ))}
    </fieldset>
  )
}

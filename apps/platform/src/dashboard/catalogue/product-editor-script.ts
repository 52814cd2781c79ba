/**
 * The product editor's one script (progressive enhancement: the plain form saves everything without
 * it). It shows the save bar once something changed and asks before leaving with changes unsaved; it
 * keeps the pictures grid in step with the options and images; it fills a field of every variant in place
 * (the fill button); it adds and removes option and choice rows in place instead of re-rendering the page, reorders
 * images by dragging, and uploads several images or videos at once (picked or dropped), each with its
 * progress, each joining the list where it was picked as soon as it is stored; a video's poster picker
 * offers the list's images. The save stays one post.
 */
export const productEditorScript = /* js */ `
(() => {
  const form = document.querySelector('form[data-product-editor]');
  if (!form) return;
  document.documentElement.classList.add('js');
  const csrf = form.querySelector('input[name="csrf"]').value;
  const uploadUrl = form.getAttribute('data-upload-url');
  const list = form.querySelector('[data-image-list]');
  const state = form.querySelector('[data-upload-state]');
  const noImages = form.querySelector('[data-no-images]');
  const fileInput = form.querySelector('input[type="file"][name="files"]');
  const dropzone = form.querySelector('[data-dropzone]');
  let pending = 0;

  // A copy of a template row; its choice rows get their keys (for the pictures grid) once placed.
  const template = (name) => {
    const copy = document.querySelector('template[data-template="' + name + '"]').content.firstElementChild.cloneNode(true);
    for (const row of [copy, ...copy.querySelectorAll('[data-key]')]) row.removeAttribute('data-key');
    return copy;
  };

  // Rows are positional fields (option-2-choice-1-name): after a change every row gets its place again.
  function rename(root, pattern, replacement) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      for (const attribute of ['name', 'id', 'for', 'aria-describedby', 'aria-label']) {
        const value = el.getAttribute(attribute);
        if (value) el.setAttribute(attribute, value.replace(pattern, replacement));
      }
      if (el.matches('button[name="intent"]')) el.value = el.value.replace(pattern, replacement);
    }
  }
  function relabel(root, pattern, replacement) {
    for (const el of root.querySelectorAll('label, legend, button')) {
      const label = el.getAttribute('aria-label');
      if (label) el.setAttribute('aria-label', label.replace(pattern, replacement));
      if (el.children.length === 0) el.textContent = el.textContent.replace(pattern, replacement);
    }
  }
  function renumber() {
    form.querySelectorAll('[data-option-rows] > [data-option-row]').forEach((row, o) => {
      rename(row, /option-\\d+/g, 'option-' + o);
      relabel(row, /Option \\d+/g, 'Option ' + (o + 1));
      relabel(row, /option \\d+/g, 'option ' + (o + 1));
      row.querySelectorAll('[data-choice-row]').forEach((choice, c) => {
        rename(choice, /choice-\\d+/g, 'choice-' + c);
        relabel(choice, /choice \\d+/g, 'choice ' + (c + 1));
      });
    });
  }

  const images = () =>
    [...list.querySelectorAll('[data-image-item]')].filter((item) => !item.hasAttribute('data-pending'));

  // The pictures grid (decision 080): a row for each named choice of the pictured option (the first colour
  // option, else the first), a column for each image of the list. Ticks follow their choice row (data-key),
  // so renaming, adding and removing rows keep them; each box is named after its choice row as it is now.
  const pictures = form.querySelector('[data-pictures]');
  let keys = 0;
  for (const row of form.querySelectorAll('[data-choice-row]')) if (!row.dataset.key) row.dataset.key = 'k' + keys++;
  const cell = (tag, ...children) => {
    const el = document.createElement(tag);
    el.append(...children);
    return el;
  };
  function pictureOption() {
    const options = [...form.querySelectorAll('[data-option-rows] > [data-option-row]')].filter(
      (row) =>
        row.querySelector('input[name$="-name"]').value.trim() !== '' ||
        [...row.querySelectorAll('[data-choice-row] input[name$="-name"]')].some((input) => input.value.trim() !== ''),
    );
    return options.find((row) => row.querySelector('select[name$="-type"]').value === 'color') || options[0];
  }
  function syncPictureGrid() {
    const ticked = new Map();
    for (const row of pictures.querySelectorAll('tr[data-key]'))
      ticked.set(row.dataset.key, new Set([...row.querySelectorAll('input:checked')].map((box) => box.value)));
    const option = pictureOption();
    for (const kept of form.querySelectorAll('[data-kept-media]')) kept.disabled = kept.closest('[data-option-row]') === option;
    const isColour = option && option.querySelector('select[name$="-type"]').value === 'color';
    const optionName = option ? option.querySelector('input[name$="-name"]').value.trim() : '';
    const current = images();
    const choices = option
      ? [...option.querySelectorAll('[data-choice-row]')].filter((row) => row.querySelector('input[name$="-name"]').value.trim() !== '')
      : [];
    const head = cell('tr', cell('th', optionName || 'Choice'));
    head.firstChild.scope = 'col';
    current.forEach((item, index) => {
      const th = cell('th');
      th.scope = 'col';
      if (item.hasAttribute('data-video')) {
        const badge = cell('span', 'Video');
        badge.className = 'badge';
        th.append(badge);
      } else {
        const img = document.createElement('img');
        img.src = item.querySelector('img').src;
        img.alt = '';
        th.append(img);
      }
      const name = cell('span', 'Image ' + (index + 1));
      name.className = 'row-label';
      th.append(name);
      head.append(th);
    });
    const rows = choices.map((choiceRow) => {
      const input = choiceRow.querySelector('input[name$="-name"]');
      const choice = input.value.trim();
      const th = cell('th');
      th.scope = 'row';
      if (isColour) {
        const swatch = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        swatch.setAttribute('class', 'swatch');
        swatch.setAttribute('viewBox', '0 0 16 16');
        swatch.setAttribute('aria-hidden', 'true');
        const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
        for (const [k, v] of [['width', '16'], ['height', '16'], ['rx', '4']]) rect.setAttribute(k, v);
        rect.setAttribute('fill', choiceRow.querySelector('input[type="color"]').value);
        swatch.append(rect);
        th.append(swatch);
      }
      th.append(choice);
      const was = pictures.querySelector('tr[data-key="' + choiceRow.dataset.key + '"] .error-text');
      if (was) th.append(was);
      const tr = cell('tr', th);
      tr.dataset.key = choiceRow.dataset.key;
      const chosen = ticked.get(choiceRow.dataset.key) || new Set();
      current.forEach((item, index) => {
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.name = input.name.replace(/-name$/, '-media');
        box.value = item.dataset.imageId;
        box.checked = chosen.has(item.dataset.imageId);
        box.setAttribute('aria-label', 'Image ' + (index + 1) + ' for ' + choice);
        tr.append(cell('td', box));
      });
      return tr;
    });
    pictures.querySelector('thead').replaceChildren(head);
    pictures.querySelector('tbody').replaceChildren(...rows);
    pictures.querySelector('[data-pictures-grid]').hidden = rows.length === 0 || current.length === 0;
    const empty = pictures.querySelector('[data-pictures-empty]');
    if (empty) empty.hidden = current.length > 0;
    pictures.querySelector('[data-pictures-hint]').textContent = option
      ? 'Tick the pictures a shopper sees when they choose each ' + (optionName || 'choice') + (isColour ? '' : ' (the product has no colour option)') + '.'
      : 'Add an option such as Colour, then tick here the pictures of each colour.';
  }

  // The save bar shows once something changed; leaving then asks first, unless the change is saved or discarded.
  const bar = form.querySelector('[data-save-bar]');
  const saveState = form.querySelector('[data-save-state]');
  let unsaved = bar.hasAttribute('data-unsaved');
  let leaving = false;
  function changed() {
    if (unsaved) return;
    unsaved = true;
    bar.setAttribute('data-unsaved', '');
    saveState.textContent = 'Unsaved changes';
  }
  form.querySelector('[data-discard]').addEventListener('click', () => {
    leaving = true;
  });
  window.addEventListener('beforeunload', (event) => {
    if (!unsaved || leaving) return;
    event.preventDefault();
    event.returnValue = '';
  });

  // Each video's poster picker offers the list's images, in order; a poster no longer listed is unpicked.
  function syncPosters() {
    const pictures = images().filter((item) => !item.hasAttribute('data-video'));
    for (const select of form.querySelectorAll('[data-poster-select]')) {
      const chosen = select.value;
      const options = pictures.map((item, index) => new Option(item.querySelector('img').alt || 'Image ' + (index + 1), item.dataset.imageId));
      select.replaceChildren(select.options[0], ...options);
      select.value = pictures.some((item) => item.dataset.imageId === chosen) ? chosen : '';
    }
  }

  function numberImages() {
    images().forEach((item, index) => {
      const position = item.querySelector('[data-position]');
      position.value = String(index + 1);
      position.setAttribute('aria-label', 'Position of image ' + (index + 1));
      item.querySelector('[data-remove-image]').setAttribute('aria-label', 'Remove image ' + (index + 1));
    });
    if (noImages) noImages.hidden = list.children.length > 0;
    syncPictureGrid();
    syncPosters();
  }

  form.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-row-action]');
    if (!button) return;
    event.preventDefault();
    const action = button.getAttribute('data-row-action');
    let focus;
    if (action === 'add-option') {
      const row = template('option');
      form.querySelector('[data-option-rows]').appendChild(row);
      focus = row.querySelector('input');
    } else if (action === 'remove-option') {
      button.closest('[data-option-row]').remove();
    } else if (action === 'add-choice') {
      const row = template('choice');
      button.closest('[data-option-row]').querySelector('[data-choice-rows]').appendChild(row);
      focus = row.querySelector('input');
    } else if (action === 'remove-choice') {
      button.closest('[data-choice-row]').remove();
    } else if (action === 'fill-variants') {
      // "Set all prices to…": the value goes into that field of every row, checked when saved.
      const fill = button.closest('[data-variant-fill]');
      const field = fill.querySelector('select[name="fillField"]').value;
      const valueInput = fill.querySelector('input[name="fillValue"]');
      const value = valueInput.value.trim();
      const targets = [...form.querySelectorAll('[data-fill="' + field + '"]')];
      // A number field would drop what is no number: say so at the fill instead of clearing every row.
      const isNumber = targets.some((input) => input.type === 'number');
      if (isNumber && value !== '' && !/^\\d+(\\.\\d+)?$/.test(value)) {
        valueInput.setCustomValidity('must be a number such as 12.50');
        valueInput.reportValidity();
        return;
      }
      valueInput.setCustomValidity('');
      for (const input of targets) input.value = value;
    }
    for (const row of form.querySelectorAll('[data-choice-row]:not([data-key])')) row.dataset.key = 'k' + keys++;
    renumber();
    syncPictureGrid();
    changed();
    if (focus) focus.focus();
  });

  // Typing a choice's name or colour, or an option's, redraws the grid's rows; the fill's own fields change nothing yet.
  form.addEventListener('input', (event) => {
    if (event.target.closest('[data-variant-fill]')) {
      // A value refused by the fill must not hold the save back once it is typed again.
      if (event.target.name === 'fillValue') event.target.setCustomValidity('');
      return;
    }
    changed();
    if (event.target.closest('[data-option-row]')) syncPictureGrid();
  });

  form.addEventListener('change', (event) => {
    if (!event.target.closest('[data-variant-fill]')) changed();
    if (event.target.matches('select[name$="-type"]')) syncPictureGrid();
    const select = event.target.closest('select[name$="-type"]');
    const row = select && select.closest('[data-option-row]');
    if (row) row.setAttribute('data-type', select.value);
    if (event.target.matches('[data-position]')) {
      const wanted = (item) => Number(item.querySelector('[data-position]').value) || 0;
      const order = [...list.children].map((item, index) => ({ item, index }));
      order.sort((a, b) => wanted(a.item) - wanted(b.item) || a.index - b.index);
      for (const { item } of order) list.appendChild(item);
      numberImages();
    }
    // A video shows its poster's picture in the list.
    if (event.target.matches('[data-poster-select]')) {
      const poster = list.querySelector('[data-image-id="' + event.target.value + '"] img');
      const img = event.target.closest('[data-image-item]').querySelector('img');
      if (poster) img.src = poster.src;
      else img.removeAttribute('src');
    }
    if (event.target.matches('[data-remove-image]'))
      event.target.closest('[data-image-item]').classList.toggle('removed', event.target.checked);
  });

  // Dragging an image of the list moves it; dragging files in from outside uploads them.
  let dragged = null;
  list.addEventListener('dragstart', (event) => {
    dragged = event.target.closest('[data-image-item]');
    if (!dragged) return;
    dragged.classList.add('dragging');
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', dragged.dataset.imageId || '');
  });
  list.addEventListener('dragover', (event) => {
    if (!dragged) return;
    event.preventDefault();
    const over = event.target.closest('[data-image-item]');
    if (!over || over === dragged) return;
    const box = over.getBoundingClientRect();
    const after = event.clientX > box.left + box.width / 2;
    list.insertBefore(dragged, after ? over.nextSibling : over);
  });
  list.addEventListener('drop', (event) => {
    if (dragged) event.preventDefault();
  });
  list.addEventListener('dragend', () => {
    if (dragged) {
      dragged.classList.remove('dragging');
      changed();
    }
    dragged = null;
    numberImages();
  });

  function showState() {
    state.textContent = pending === 0 ? '' : pending === 1 ? 'Uploading 1 image…' : 'Uploading ' + pending + ' images…';
  }

  function fail(item, message) {
    item.classList.add('failed');
    const note = item.querySelector('[data-upload-note]');
    note.textContent = 'Not uploaded: ' + message;
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'small';
    dismiss.textContent = 'Dismiss';
    dismiss.addEventListener('click', () => {
      item.remove();
      numberImages();
    });
    note.after(dismiss);
  }

  function upload(file) {
    const item = template(file.type.startsWith('video/') ? 'video' : 'image');
    item.setAttribute('data-pending', '');
    item.draggable = false;
    item.querySelector('input[name="mediaIds"]').disabled = true;
    item.querySelector('.image-controls').hidden = true;
    item.querySelector('img').alt = '';
    const note = document.createElement('div');
    note.className = 'small';
    note.setAttribute('data-upload-note', '');
    note.textContent = file.name;
    const progress = document.createElement('progress');
    progress.max = 100;
    progress.value = 0;
    progress.setAttribute('aria-label', 'Uploading ' + file.name);
    item.append(note, progress);
    list.appendChild(item);
    if (noImages) noImages.hidden = true;
    changed();
    pending++;
    showState();
    const body = new FormData();
    body.append('csrf', csrf);
    body.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
    });
    request.addEventListener('loadend', () => {
      pending--;
      showState();
      progress.remove();
      let answer = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {}
      if (request.status !== 201 || !answer.id) {
        fail(item, answer.message || 'the server did not take it (' + (request.status || 'no answer') + ')');
        return;
      }
      const id = answer.id;
      item.removeAttribute('data-pending');
      item.draggable = true;
      item.dataset.imageId = id;
      const hidden = item.querySelector('input[name="mediaIds"]');
      hidden.value = id;
      hidden.disabled = false;
      const position = item.querySelector('[data-position]');
      position.id = 'field-media-' + id + '-position';
      position.name = 'media-' + id + '-position';
      item.querySelector('label.row-label').htmlFor = position.id;
      item.querySelector('[data-remove-image]').value = id;
      let poster = item.querySelector('[data-poster-select]');
      // The bytes decide: a file called a video that is not one loses its poster picker.
      if (poster && answer.mediaType !== 'video') {
        poster.parentElement.remove();
        item.querySelector('.badge').remove();
        item.removeAttribute('data-video');
        poster = null;
      }
      if (poster) {
        poster.name = 'poster-' + id;
        poster.id = 'field-poster-' + id;
        poster.previousElementSibling.htmlFor = poster.id;
      }
      const img = item.querySelector('img');
      if (answer.thumbnailUrl) img.src = answer.thumbnailUrl;
      img.alt = answer.title || file.name;
      note.remove();
      item.querySelector('.image-controls').hidden = false;
      numberImages();
    });
    request.send(body);
  }

  function uploadAll(files) {
    for (const file of files) upload(file);
  }

  fileInput.addEventListener('change', () => {
    uploadAll([...fileInput.files]);
    // The files are uploaded now: the save must not send them again.
    fileInput.value = '';
  });
  dropzone.addEventListener('dragover', (event) => {
    if (dragged || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    dropzone.classList.add('over');
  });
  dropzone.addEventListener('dragleave', () => dropzone.classList.remove('over'));
  dropzone.addEventListener('drop', (event) => {
    if (dragged) return;
    event.preventDefault();
    dropzone.classList.remove('over');
    uploadAll([...event.dataTransfer.files]);
  });

  form.addEventListener('submit', (event) => {
    if (pending === 0) {
      leaving = true;
      return;
    }
    event.preventDefault();
    state.textContent = 'Wait until the images are uploaded, then save.';
  });
})()
`

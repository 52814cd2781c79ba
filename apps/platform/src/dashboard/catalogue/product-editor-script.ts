/**
 * The product editor's one script (progressive enhancement: the plain form saves everything without
 * it). It adds and removes option and choice rows in place instead of re-rendering the page, reorders
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

  const template = (name) =>
    document.querySelector('template[data-template="' + name + '"]').content.firstElementChild.cloneNode(true);

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

  // Every choice row offers every image of the list, in the list's order.
  function syncChoiceImages() {
    const current = images();
    for (const picker of form.querySelectorAll('[data-choice-images]')) {
      const row = picker.closest('[data-choice-row]');
      const name = row.querySelector('input[name$="-name"]').name.replace(/-name$/, '-media');
      const caption = picker.querySelector('span');
      if (caption) caption.textContent = current.length > 0 ? 'Images:' : 'No images to show for it yet';
      const existing = new Map([...picker.querySelectorAll('label[data-image-id]')].map((l) => [l.dataset.imageId, l]));
      current.forEach((item, index) => {
        let label = existing.get(item.dataset.imageId);
        if (!label) {
          label = document.createElement('label');
          label.className = 'choice-image';
          label.dataset.imageId = item.dataset.imageId;
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.value = item.dataset.imageId;
          const img = document.createElement('img');
          label.append(box, img);
        }
        const box = label.querySelector('input');
        box.name = name;
        box.setAttribute('aria-label', 'Image ' + (index + 1) + ' for ' + row.querySelector('label').textContent.replace(/ name$/, ''));
        const img = label.querySelector('img');
        img.src = item.querySelector('img').src;
        img.alt = '';
        picker.appendChild(label);
        existing.delete(item.dataset.imageId);
      });
      for (const gone of existing.values()) gone.remove();
      const error = picker.querySelector('.error-text');
      if (error) picker.appendChild(error);
    }
  }

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
    syncChoiceImages();
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
    }
    renumber();
    syncChoiceImages();
    if (focus) focus.focus();
  });

  form.addEventListener('change', (event) => {
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
    if (dragged) dragged.classList.remove('dragging');
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
    if (pending === 0) return;
    event.preventDefault();
    state.textContent = 'Wait until the images are uploaded, then save.';
  });
})()
`

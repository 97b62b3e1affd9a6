"""Helpers for the Memories browser tests: arranging friendships, books and pages through the API,
pages of the canvas format (ink, photos, text), drawing with real pointer events, touch swipes
through the DevTools protocol, and reading what the page shows (its canvas JSON and pixels)."""
import base64
import io
import json
import subprocess
import time
import uuid

from selenium.webdriver.common.action_chains import ActionChains

from kindred_ui import UI


# ---- arranging through the API ------------------------------------------------------------------

def ok(result, *codes):
    status, body = result
    assert status in (codes or (200,)), (status, body)
    return body


def make_friends(a, b):
    """a asks b, b accepts (or they are friends already); returns their book."""
    body = ok(a["api"].call("POST", "/memories/friend-requests", {"username": b["username"]}), 200, 201)
    if body["state"] == "friends":
        return body["friend"]["book"]
    return ok(b["api"].call("POST", f"/memories/friend-requests/{a['username']}/accept"))["book"]


def are_friends(a, b):
    friends = ok(a["api"].call("GET", "/memories/friends"))["items"]
    return any(f["profile"]["username"] == b["username"] for f in friends)


def blank(paper="plain", elements=()):
    return {"version": 1, "paper": paper, "elements": list(elements)}


def ink(element_id, points, color="#1b1b1f", width=8, tool="pen", z=1, frame=(0, 0, 1000, 1400)):
    x, y, w, h = frame
    return {"id": element_id, "type": "ink", "z": z, "frame": {"x": x, "y": y, "width": w, "height": h}, "rotation": 0,
            "tool": tool, "color": color, "width": width, "points": [list(p) for p in points]}


def line(x0, y0, x1, y1, steps=30, pressure=0.7):
    """Points [x, y, pressure, t] along a straight line, in 0..1 frame coordinates."""
    return [[x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, pressure, i * 16] for i in range(steps + 1)]


def text(element_id, words, frame=(100, 900, 800, 200), font="serif", size=48, color="#1f3a5f", align="left", z=3, rotation=0):
    x, y, w, h = frame
    return {"id": element_id, "type": "text", "z": z, "frame": {"x": x, "y": y, "width": w, "height": h}, "rotation": rotation,
            "text": words, "font": font, "size": size, "color": color, "align": align}


def photo(element_id, media_id, frame=(150, 250, 700, 500), rotation=-4, z=2):
    x, y, w, h = frame
    return {"id": element_id, "type": "photo", "z": z, "frame": {"x": x, "y": y, "width": w, "height": h},
            "rotation": rotation, "mediaId": media_id}


def png_bytes(width=480, height=360):
    """A photo with structure (bands of colour and a dark square), so a misplaced crop shows."""
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (width, height), (70, 140, 200))
    draw = ImageDraw.Draw(img)
    for i in range(0, width, 40):
        draw.rectangle([i, 0, i + 19, height], fill=(230, 180, 60))
    draw.rectangle([width // 3, height // 3, width // 2, height // 2], fill=(20, 30, 40))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def upload_photo(person):
    return ok(person["api"].upload("/media", png_bytes()), 201)


# The colours of camera_jpeg's scene (before its noise), to find the photo in a page's pixels.
SCENE = (40, 150, 170)  # teal, most of the picture
SKY = (210, 40, 40)  # red, the band along the sensor's top edge
GPS = {1: "N", 2: (52.0, 31.0, 12.5), 3: "E", 4: (13.0, 24.0, 36.0)}  # GPSLatitudeRef .. GPSLongitude


def camera_jpeg(path, width=4032, height=3024):
    """A JPEG like a phone camera's (12 MP, about 4.6 MB): a teal scene with a red band along the
    sensor's top edge, under colour noise so it compresses like a photo, and the EXIF a phone
    writes: make and model, the time, GPS coordinates, and Orientation 6 (held upright, so the
    sensor's top edge is the picture's right side once turned). Returns the path as a string."""
    from PIL import ExifTags, Image, ImageChops, ImageDraw
    scene = Image.new("RGB", (width, height), SCENE)
    ImageDraw.Draw(scene).rectangle([0, 0, width, round(height * 0.15)], fill=SKY)
    noise = Image.merge("RGB", [Image.effect_noise((width, height), 20) for _ in range(3)])
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "Apple"
    exif[ExifTags.Base.Model] = "iPhone 13"
    exif[ExifTags.Base.DateTime] = "2024:07:14 18:03:11"
    exif[ExifTags.Base.Orientation] = 6
    exif.get_ifd(ExifTags.IFD.GPSInfo).update(GPS)
    ImageChops.add(scene, noise, 1.0, -128).save(path, "JPEG", quality=85, exif=exif)
    return str(path)


def jpeg_segments(data):
    """The marker segments of a JPEG up to its image data: [(marker, payload)], e.g. (0xE1, b"Exif...")."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    segments, i = [], 2
    while i + 4 <= len(data):
        assert data[i] == 0xFF, f"no marker at {i}"
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        length = int.from_bytes(data[i + 2:i + 4], "big")
        segments.append((marker, data[i + 4:i + 2 + length]))
        if marker == 0xDA:  # start of scan: image data follows
            break
        i += 2 + length
    return segments


def add_memory_page(person, book_id, canvas):
    return ok(person["api"].call("POST", f"/memories/books/{book_id}/pages", {"canvas": canvas}), 201)


def add_letter(person, book_id, canvas):
    draft = ok(person["api"].call("POST", f"/memories/books/{book_id}/drafts", {"canvas": canvas}), 201)
    return ok(person["api"].call("POST", f"/memories/drafts/{draft['id']}/send"))


def page_canvas(person, page_id):
    return ok(person["api"].call("GET", f"/memories/pages/{page_id}"))["canvas"]


def book_pages(person, book_id):
    return ok(person["api"].call("GET", f"/memories/books/{book_id}/pages?limit=100"))["items"]


def normal(canvas):
    """A canvas as plain data to compare: every element with its rotation, numbers as floats."""
    def fix(value):
        if isinstance(value, bool) or value is None or isinstance(value, str):
            return value
        if isinstance(value, (int, float)):
            return float(value)
        if isinstance(value, list):
            return [fix(v) for v in value]
        return {k: fix(v) for k, v in value.items()}
    elements = [{"rotation": 0, **e} for e in canvas["elements"]]
    return fix({"version": canvas["version"], "paper": canvas["paper"], "elements": elements})


# ---- the browser --------------------------------------------------------------------------------

def signed_in(driver, base_url, acct, route="/memories/shelf"):
    """This browser, signed in as `acct`, showing `route`."""
    ui = UI(driver, base_url)
    ui.open("/")
    ui.wait.until(lambda d: ui.all("header-name") or ui.all("home-signin"))
    if ui.all("header-name") and ui.find("header-name").text.strip() != acct["displayName"]:
        ui.click("nav-signout")
        ui.visible("home-signin")
    if not ui.all("header-name"):
        ui.sign_in(acct["email"], acct["password"])
        ui.text_is("header-name", acct["displayName"])
    ui.open(route)
    return ui


def press(ui, testid):
    """Click after centring the element (the sticky header may cover what is at the top)."""
    el = ui.visible(testid)
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    ui.wait.until(lambda d: el.is_displayed() and el.is_enabled())
    el.click()
    return el


def live(ui):
    """Waits for the realtime connection, so events sent from now on arrive."""
    ui.wait.until(lambda d: ui.find("realtime-status").get_attribute("data-state") == "open")


def editor_canvas(driver):
    return driver.execute_script("return window.__memoriesEditor && window.__memoriesEditor.canvas()")


def editor_settled(driver):
    """The editor has nothing of its own unconfirmed (every operation sequenced, or the draft saved)."""
    return driver.execute_script("const e = window.__memoriesEditor; return !!e && !e.pending() && e.status() === 'saved'")


def watch_editor(driver):
    """Records, from now on, every state the editor's photo-upload bar and save state pass through
    (a MutationObserver, so a state shown for one frame is not missed); read with editor_seen()."""
    driver.execute_script("""
      const bar = document.querySelector('[data-testid="memories-upload-progress"]');
      const save = document.querySelector('[data-testid="memories-save-state"]');
      const seen = window.__editorSeen = { upload: [], save: [] };
      new MutationObserver(() => seen.upload.push(bar.hidden ? null : Number(bar.value)))
        .observe(bar, { attributes: true, attributeFilter: ['hidden', 'value'] });
      new MutationObserver(() => seen.save.push(save.dataset.state))
        .observe(save, { attributes: true, attributeFilter: ['data-state'] });""")


def editor_seen(driver):
    """{upload: [percent, or None once the bar is hidden], save: [data-state...]} since watch_editor."""
    return driver.execute_script("return window.__editorSeen")


def photos_in(canvas):
    return [e for e in canvas["elements"] if e["type"] == "photo"]


def colour_at(image, page_x, page_y, radius=4):
    """The mean colour of a <canvas> image around a point given in page units (the page is 1000 wide)."""
    from PIL import ImageStat
    s = image.width / 1000
    x, y = round(page_x * s), round(page_y * s)
    box = image.crop((x - radius, y - radius, x + radius + 1, y + radius + 1))
    return tuple(round(v) for v in ImageStat.Stat(box).mean)


def near(colour, target, tolerance=45):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def draw(driver, stage, strokes, step_ms=16):
    """Draws strokes on the editor's stage with real pointer events (mouse: pressure 0.5).
    strokes: lists of (fx, fy) fractions of the stage's width and height."""
    box = driver.execute_script("arguments[0].scrollIntoView({block: 'center'});"
                                "return arguments[0].getBoundingClientRect().toJSON()", stage)
    for points in strokes:
        actions = ActionChains(driver, duration=step_ms)
        cx, cy = box["width"] / 2, box["height"] / 2
        to = [(round(fx * box["width"] - cx), round(fy * box["height"] - cy)) for fx, fy in points]
        actions.move_to_element_with_offset(stage, *to[0]).click_and_hold()
        last = to[0]
        for x, y in to[1:]:
            actions.move_by_offset(x - last[0], y - last[1])
            last = (x, y)
        actions.release().perform()


def wiggle(x0, y0, x1, steps=12, amplitude=0.02):
    """A hand-drawn-looking horizontal stroke from (x0, y0) to (x1, y0)."""
    return [(x0 + (x1 - x0) * i / steps, y0 + (amplitude if i % 2 else -amplitude)) for i in range(steps + 1)]


def swipe(driver, start, dx, dy=0, steps=12, step_s=0.016):
    """One finger from `start` by (dx, dy): real touch events through the DevTools protocol."""
    def touch(kind, point=None):
        pts = [{"x": point[0], "y": point[1], "id": 1}] if point else []
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})
    x, y = start
    touch("touchStart", (x, y))
    for i in range(1, steps + 1):
        time.sleep(step_s)
        touch("touchMove", (round(x + dx * i / steps), round(y + dy * i / steps)))
    time.sleep(step_s)
    touch("touchEnd")


def canvas_png(driver, canvas_el):
    """The pixels of a <canvas> on the page, as a Pillow image."""
    from PIL import Image
    data = driver.execute_script("return arguments[0].toDataURL('image/png')", canvas_el)
    return Image.open(io.BytesIO(base64.b64decode(data.split(",", 1)[1]))).convert("RGB")


def print_pdf(driver, path):
    """The page as Chromium prints it, using the page's own @page size (Page.printToPDF)."""
    result = driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})
    path.write_bytes(base64.b64decode(result["data"]))
    return path


def pdf_info(path):
    out = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True, timeout=60).stdout
    info = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    return {k.strip(): v.strip() for k, v in info.items()}


def pdf_first_page_png(path, out_prefix):
    subprocess.run(["pdftoppm", "-r", "50", "-f", "1", "-l", "1", "-png", str(path), str(out_prefix)], check=True, timeout=60)
    matches = sorted(out_prefix.parent.glob(out_prefix.name + "*.png"))
    assert matches, "pdftoppm made no image"
    from PIL import Image
    return Image.open(matches[0]).convert("RGB")


def new_id():
    return str(uuid.uuid4()).upper()


def dumps(value):
    return json.dumps(value, sort_keys=True)

// End-to-end test of the Sprouts page in headless Chromium (playwright-core).
//
// Two tests. The first starts `sprouts serve --port 0`, opens the page, starts a 3-spot game with
// the computer as the second player, plays the first player's moves by
// clicking two spots (and choosing the first way to join them when there
// are several), until the game is over (after a typed move, the computer's
// answer, an undo and an illegal typed move; then, with the analysis panel
// on, a winning move it lists). Then checks that the WGOSA, LHP and
// Hoey transcripts shown, and the downloaded file, replay with
// `sprouts replay`, that the game ended with the winner the rules give, and
// takes a screenshot.
//
// Environment: SPROUTS_BIN (default target/debug/sprouts), CHROMIUM
// (default /usr/bin/chromium), E2E_OUT (default target/e2e).

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../../..");
const bin = process.env.SPROUTS_BIN || path.join(root, "target/debug/sprouts");
const out = process.env.E2E_OUT || path.join(root, "target/e2e");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

/** Starts the server on a free port; resolves to [process, base URL]. */
function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    const timer = setTimeout(() => reject(new Error("the server did not start: " + err)), 20000);
    server.stderr.on("data", (chunk) => {
      err += chunk;
      const m = err.match(/serving on (http:\/\/\S+\/)/);
      if (m) {
        clearTimeout(timer);
        resolve([server, m[1]]);
      }
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}): ${err}`)));
  });
}

/** The page's state, read from the status line. */
async function status(page) {
  return page.$eval("#status", (e) => ({
    text: e.textContent,
    over: e.dataset.over === "true",
    moves: Number(e.dataset.moves),
    winner: e.dataset.winner,
  }));
}

/** Waits until the first player (us) is to move or the game is over. */
async function ourTurn(page) {
  await page.waitForFunction(() => {
    const e = document.getElementById("status");
    return !e.textContent.startsWith("The computer is thinking")
      && (e.dataset.over === "true" || Number(e.dataset.moves) % 2 === 0);
  }, null, { timeout: 30000 });
}

/** Plays one move by clicking two live spots; tries pairs until one joins. */
async function clickAMove(page) {
  const before = (await status(page)).moves;
  const spots = await page.$$eval("#picture circle[data-live='true']", (cs) => cs.map((c) => c.getAttribute("data-spot")));
  assert.ok(spots.length > 0, "no live spot to click");
  for (let i = 0; i < spots.length; i++) {
    for (let j = i; j < spots.length; j++) {
      await page.locator(`#picture circle[data-spot='${spots[i]}']`).click({ force: true });
      await page.locator(`#picture circle[data-spot='${spots[j]}']`).click({ force: true });
      // One of: the move is played, a choice of ways is shown, an error.
      await page.waitForFunction((n) => Number(document.getElementById("status").dataset.moves) > n
        || document.querySelector("#choices div.choice") !== null
        || document.getElementById("error").textContent !== "", before, { timeout: 30000 });
      const choices = page.locator("#choices div.choice");
      if (await choices.count() > 0) {
        await choices.first().click();
      }
      if (await page.$eval("#error", (e) => e.textContent) === "") {
        await page.waitForFunction((n) => Number(document.getElementById("status").dataset.moves) > n, before, { timeout: 30000 });
        return `${spots[i]}-${spots[j]}`;
      }
    }
  }
  throw new Error("no two live spots could be joined");
}

/** Replays a game text with the library's CLI; returns its JSON. */
function replay(name, text) {
  const file = path.join(out, name);
  writeFileSync(file, text + "\n");
  const json = execFileSync(bin, ["replay", "--json", file], { encoding: "utf8" });
  return json.trim().split("\n").map((line) => JSON.parse(line));
}

test("a 3-spot game against the computer, in headless Chromium", async () => {
  mkdirSync(out, { recursive: true });
  const [server, base] = await startServer();
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1100 } });
    const pageErrors = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(base);
    await page.locator("#spots").fill("3");
    await page.locator("#who").selectOption("second");
    await page.locator("#new").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "0");
    assert.match((await status(page)).text, /First player to move/);

    // A typed move (WGOSA), the computer's answer, then undo back to the start.
    await page.locator("#move").fill("1(4)2");
    await page.locator("#play").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "2", null, { timeout: 30000 });
    assert.match(await page.textContent("#wgosa"), /^WGOSA: 3\+ 1\(4\)2 \S+$/);
    // The move played leaves the box.
    assert.equal(await page.inputValue("#move"), "");
    await page.locator("#undo").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "0", null, { timeout: 30000 });
    // An illegal typed move: a clear message, nothing played.
    await page.locator("#move").fill("1(4)9");
    await page.locator("#play").click();
    await page.waitForFunction(() => document.getElementById("error").textContent !== "", null, { timeout: 30000 });
    assert.match(await page.textContent("#error"), /1\(4\)9/);
    assert.equal((await status(page)).moves, 0);
    // A refused move stays in the box, to be mended.
    assert.equal(await page.inputValue("#move"), "1(4)9");

    // The analysis panel: off by default; on, it says the 3-spot start is a
    // win for the first player (AJS 1991) and lists winning moves, among
    // them 1(4)2; one of them played, the computer's answer cannot save
    // it: the first player is still winning.
    assert.equal(await page.isVisible("#analysis"), false);
    await page.locator("#analysis-on").check();
    const analysed = (n) => page.waitForFunction((m) => {
      const a = document.getElementById("analysis");
      return a.dataset.state === "done" && a.dataset.moves === String(m);
    }, n, { timeout: 30000 });
    await analysed(0);
    assert.equal(await page.getAttribute("#analysis", "data-outcome"), "win");
    assert.match(await page.textContent("#an-outcome"), /^win for the first player/);
    assert.equal(await page.textContent("#an-nimber"), "1");
    assert.equal(await page.isVisible("#an-nimber-row"), true);
    const winning = await page.$$eval("#an-moves button.win", (bs) => bs.map((b) => b.textContent));
    assert.ok(winning.length >= 1, "no winning move listed");
    assert.ok(winning.includes("1(4)2 · 1<4>2 · 1-4-2"), winning.join(" | "));
    const ours = [];
    const played = await page.locator("#an-moves button.win").first().getAttribute("data-hoey");
    for (let round = 0; round < 2; round++) {
      await page.locator("#an-moves button.win").first().click();
      await page.waitForFunction(() => document.getElementById("status").dataset.moves === "2", null, { timeout: 30000 });
      await analysed(2);
      assert.equal(await page.getAttribute("#analysis", "data-outcome"), "win");
      assert.equal(await page.getAttribute("#analysis", "data-decided"), "true");
      assert.ok(await page.locator("#an-moves button.win").count() >= 1);
      if (round === 1) await page.screenshot({ path: path.join(out, "sprouts-analysis.png") });
      if (round === 0) {
        // Undo refreshes the panel too (back to the start).
        await page.locator("#undo").click();
        await analysed(0);
        assert.equal(await page.getAttribute("#analysis", "data-outcome"), "win");
      }
    }
    ours.push(played);

    for (let turn = 0; turn < 20; turn++) {
      await ourTurn(page);
      if ((await status(page)).over) break;
      ours.push(await clickAMove(page));
    }
    await ourTurn(page);
    const end = await status(page);
    assert.ok(end.over, "the game is not over: " + end.text);
    // A 3-spot game lasts 6 to 8 moves (at most 3n - 1, at least 2n).
    assert.ok(end.moves >= 6 && end.moves <= 8, `${end.moves} moves`);
    assert.equal(ours.length, Math.ceil(end.moves / 2));
    // Normal play: the player who made the last move wins.
    const winner = end.moves % 2 === 1 ? "first" : "second";
    assert.equal(end.winner, winner);
    assert.match(end.text, new RegExp(`The ${winner} player wins`));
    // The panel, still on, followed the game to its end: the player to
    // move is stuck and loses, and no move is listed.
    await analysed(end.moves);
    assert.equal(await page.getAttribute("#analysis", "data-outcome"), "loss");
    assert.equal(await page.$$eval("#an-moves button.win", (bs) => bs.length), 0);

    // The transcripts shown replay with the library, to a finished game.
    const shown = {
      wgosa: (await page.textContent("#wgosa")).replace(/^WGOSA:\s*/, ""),
      lhp: (await page.textContent("#lhp")).replace(/^LHP:\s*/, ""),
      hoey: (await page.textContent("#hoey")).replace(/^Hoey:\s*/, ""),
    };
    for (const [notation, text] of Object.entries(shown)) {
      assert.match(text, /^3\+ /, `${notation}: ${text}`);
      const [game] = replay(`game.${notation}.txt`, text);
      assert.equal(game.notation, notation);
      assert.equal(game.spots, 3);
      assert.equal(game.moves.length, end.moves, `${notation}: ${text}`);
      assert.equal(game.over, true, `${notation}: ${text}`);
    }
    // The download holds the game once, in the notation chosen.
    const chosenNotation = await page.inputValue("#notation");
    const href = await page.getAttribute("#download", "href");
    const downloaded = decodeURIComponent(href.replace(/^data:text\/plain;charset=utf-8,/, ""));
    const games = replay("game.download.txt", downloaded.trim());
    assert.equal(games.length, 1);
    assert.equal(games[0].notation, chosenNotation);
    assert.ok(games[0].over && games[0].moves.length === end.moves);
    // Every notation describes the same game: after each move, the same
    // position up to equivalence (canonical form). The labelled positions
    // may differ: a move's text names its class of equivalent moves, and
    // reading it back may give another member of the class.
    writeFileSync(path.join(out, "game.three.txt"), [shown.wgosa, shown.lhp, shown.hoey].join("\n") + "\n");
    const canonical = execFileSync(bin, ["replay", "--each", "--position-format", "canon",
      path.join(out, "game.three.txt")], { encoding: "utf8" })
      .trim().split(/\n(?=\d+[+-])/)
      .map((g) => g.split("\n").slice(1).map((line) => line.split("\t")[2]));
    assert.equal(canonical.length, 3);
    assert.equal(canonical[0].length, end.moves);
    assert.deepEqual(canonical[1], canonical[0]);
    assert.deepEqual(canonical[2], canonical[0]);

    // Misère play: the panel gives the outcome (3 spots: a loss for the
    // player to move) and no nimber row, nimbers being a normal-play idea.
    await page.locator("#who").selectOption("none");
    await page.locator("#misere").check();
    await page.locator("#new").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "0");
    await analysed(0);
    assert.equal(await page.getAttribute("#analysis", "data-outcome"), "loss");
    assert.equal(await page.isVisible("#an-nimber-row"), false);
    await page.locator("#misere").uncheck();

    await page.screenshot({ path: path.join(out, "sprouts-e2e.png"), fullPage: true });
    assert.deepEqual(pageErrors, []);
    console.log(`played ${end.moves} moves (ours: ${ours.join(", ")}); ${winner} player won`);
    console.log("WGOSA: " + shown.wgosa);
  } finally {
    await browser.close();
    server.kill();
  }
});

/** Every spot's centre on screen, by number. */
async function spotCentres(page) {
  return page.$$eval("#picture circle", (cs) => Object.fromEntries(cs.map((c) => {
    const r = c.getBoundingClientRect();
    return [c.getAttribute("data-spot"), [r.left + r.width / 2, r.top + r.height / 2]];
  })));
}

/** The board's size on screen. */
async function boardSize(page) {
  return page.$eval("#picture svg", (s) => {
    const r = s.getBoundingClientRect();
    return [r.width, r.height];
  });
}

/** Taps 12 px to the right of a spot's centre (near it, not on it). */
async function tapNear(page, centres, spot) {
  const [x, y] = centres[spot];
  await page.mouse.click(x + 12, y);
}

test("the board stays put, spots are easy to hit, the move list steps", async () => {
  mkdirSync(out, { recursive: true });
  const [server, base] = await startServer();
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // A phone-sized screen: the page fits it.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const pageErrors = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(base);
    await page.locator("#who").selectOption("none");
    await page.locator("#spots").fill("5");
    await page.locator("#new").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "0"
      && document.querySelectorAll("#picture circle").length === 5);
    const size = await boardSize(page);
    assert.ok(size[0] <= 390 && size[0] > 300, `board ${size}`);
    // Moves made by tapping near (12 px off) two spots: 1-2, 3-4, then 6-7.
    const played = [];
    for (const [a, b] of [["1", "2"], ["3", "4"], ["6", "7"], ["5", "5"]]) {
      const before = await spotCentres(page);
      const n = Object.keys(before).length;
      await tapNear(page, before, a);
      assert.equal(await page.$eval("#picture circle.chosen", (c) => c.getAttribute("data-spot")), a);
      await tapNear(page, before, b);
      await page.waitForFunction((k) => document.querySelectorAll("#picture circle").length === k + 1
        || document.querySelector("#choices div.choice") !== null, n, { timeout: 30000 });
      if (await page.locator("#choices div.choice").count() > 0) {
        // The choices can be dismissed, then one is taken.
        await page.locator("#cancel-choice").click();
        assert.equal(await page.isVisible("#choices"), false);
        await tapNear(page, before, a);
        await tapNear(page, before, b);
        await page.locator("#choices div.choice").first().click();
        await page.waitForFunction((k) => document.querySelectorAll("#picture circle").length === k + 1, n, { timeout: 30000 });
      }
      const after = await spotCentres(page);
      for (const [spot, [x, y]] of Object.entries(before)) {
        assert.ok(Math.abs(after[spot][0] - x) <= 1 && Math.abs(after[spot][1] - y) <= 1,
          `spot ${spot} moved from ${x},${y} to ${after[spot]} after ${a}-${b}`);
      }
      assert.deepEqual(await boardSize(page), size);
      played.push(`${a}-${b}`);
    }
    assert.equal((await status(page)).moves, 4);
    assert.equal(await page.locator("#movelist li").count(), 4);
    // Back twice, forward once (redo), then a jump by the list.
    const at4 = await spotCentres(page);
    await page.locator("#undo").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "3");
    await page.locator("#undo").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "2");
    assert.equal(await page.locator("#picture circle").count(), 7);
    await page.locator("#redo").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "3");
    assert.equal(await page.locator("#movelist li.current").getAttribute("data-move"), "3");
    await page.locator("#movelist li[data-move='4']").click();
    await page.waitForFunction(() => document.getElementById("status").dataset.moves === "4");
    const again = await spotCentres(page);
    for (const [spot, [x, y]] of Object.entries(at4)) {
      assert.ok(Math.abs(again[spot][0] - x) <= 1 && Math.abs(again[spot][1] - y) <= 1, `spot ${spot}`);
    }
    assert.deepEqual(await boardSize(page), size);
    await page.screenshot({ path: path.join(out, "sprouts-phone.png"), fullPage: true });
    assert.deepEqual(pageErrors, []);
    console.log(`played ${played.join(", ")} on a ${size[0]}x${size[1]} board`);
  } finally {
    await browser.close();
    server.kill();
  }
});

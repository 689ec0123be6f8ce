// The table page: one WebSocket to the server, which sends this seat's view
// after every move; the page shows it and sends back the moves clicked.
"use strict";

const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
const RED = new Set(["D", "H"]);
const params = new URLSearchParams(window.location.search);
const tableId = window.location.pathname.split("/").pop();
const token = params.get("seat") || "";
let socket = null;
let last = null;
// A finished trick stays on the table this long before the next one shows.
const TRICK_SHOWN_MS = 1500;
// A single legal move is played for the seat after this pause, as the
// command line's play does.
const ONLY_MOVE_MS = 700;
let shownTrick = null;
let shownUntil = 0;
let shownTimer = null;
let onlyTimer = null;
let onlyKey = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function cardText(card) {
  if (card === null || card === undefined) return "?";
  const [face, copy] = card.split("/");
  if (face === "Jo") return "Jo" + (copy ? "/" + copy : "");
  const suit = face.slice(-1);
  return face.slice(0, -1) + (SUITS[suit] || suit) + (copy ? "/" + copy : "");
}

function cardNode(card) {
  const face = (card || "").split("/")[0];
  const red = RED.has(face.slice(-1));
  return el("span", {class: "card" + (red ? " red" : "")}, cardText(card));
}

function plural(count, noun) {
  return count + " " + noun + (count === 1 ? "" : "s");
}

// The last finished trick of the hand (or of the hand just ended), or null.
function finishedTrick(view) {
  if (view.tricks.length) return view.tricks[view.tricks.length - 1];
  const hand = view.history[view.history.length - 1];
  return view.trick.length === 0 && hand && hand.tricks.length ? hand.tricks[hand.tricks.length - 1] : null;
}

function trickKey(view, trick) {
  return view.hand_number + "/" + view.tricks.length + "/" + JSON.stringify(trick.plays);
}

function turnText(message) {
  const view = message.view;
  if (message.over) return "";
  const left = (seat) => seatName(message, (seat + 1) % view.hand_sizes.length);
  if (view.phase === "passing") {
    const me = message.seat;
    if (me !== null && view.to_act.includes(me)) return "You to pass a card to " + left(me);
    if (me !== null && view.my_pass) {
      return "You pass " + cardText(view.my_pass) + " to " + left(me) + "; waiting for " +
        view.to_act.map((s) => seatName(message, s)).join(", ");
    }
    if (view.to_act.length === 1) {
      return seatName(message, view.to_act[0]) + " to pass a card to " + left(view.to_act[0]);
    }
    return "everyone passes a card to the left";
  }
  if (view.to_act.length !== 1) return "everyone bids";
  return seatName(message, view.to_act[0]) + " to " + (view.phase === "bidding" ? "bid" : "play");
}

function trumpText(view) {
  if (view.trump === null) return "no trump";
  const text = "trump " + SUITS[view.trump];
  if (!view.trump_card) return text;
  // The card turned at the deal lies under the stock's face-up cards; a
  // Jack played on top of it is the trump indicator now, and was not turned.
  const turned = view.face_up.length ? view.face_up[view.face_up.length - 1] : view.trump_card;
  return text + " (" + cardText(view.trump_card) + (view.trump_card === turned ? " turned)" : " on the stock)");
}

function seatName(message, seat) {
  if (seat === message.seat) return "You";
  const info = message.seats[seat];
  return "Seat " + seat + (info.bot ? " (bot)" : info.here ? "" : " (away)");
}

function render(message) {
  last = message;
  const view = message.view;
  document.getElementById("title").textContent = message.title;
  document.title = "counter-rules: " + message.name;
  const status = message.over
    ? "Game over: " + message.winners.map((s) => seatName(message, s)).join(", ") + " won"
    : "Hand " + view.hand_number + ", " + view.phase;
  document.getElementById("status").textContent = status;

  const seats = document.getElementById("seats");
  seats.innerHTML = "";
  for (let s = 0; s < view.hand_sizes.length; s++) {
    const bid = view.bids[s] === null ? "–" : view.bids[s];
    const box = el("div", {class: "seat" + (view.to_act.includes(s) ? " to-act" : "")},
      el("strong", {}, seatName(message, s)),
      el("span", {}, plural(view.hand_sizes[s], "card") + " · bid " + bid + " · won " + view.tricks_won[s]),
      el("span", {}, "score " + view.scores[s] + (view.dealer === s ? " · dealer" : "")));
    seats.append(box);
  }
  document.getElementById("trump").textContent = trumpText(view);
  // A trick just finished stays on the table a moment, marked as done.
  let plays = view.trick;
  const done = view.trick.length === 0 ? finishedTrick(view) : null;
  if (done) {
    const key = trickKey(view, done);
    if (key !== shownTrick) {
      shownTrick = key;
      shownUntil = Date.now() + TRICK_SHOWN_MS;
      clearTimeout(shownTimer);
      shownTimer = setTimeout(() => last && render(last), TRICK_SHOWN_MS);
    }
    if (Date.now() < shownUntil) plays = done.plays;
  }
  const trick = document.getElementById("trick");
  trick.innerHTML = "";
  trick.classList.toggle("done", plays !== view.trick);
  for (const play of plays) {
    trick.append(el("div", {class: "played"}, el("small", {}, seatName(message, play.seat)),
      cardNode(play.card), play.reveal ? el("small", {}, "shows " + cardText(play.reveal)) : ""));
  }
  if (plays !== view.trick && done.winner !== null) {
    trick.append(el("div", {class: "taken"}, seatName(message, done.winner) + " took the trick"));
  }
  document.getElementById("turn").textContent = turnText(message);

  // A card that is a legal play (or pass) is clicked on the hand itself;
  // the other moves (bids, a Four shown, a Joker's call) are buttons.
  const byCard = new Map();
  const others = [];
  for (const move of message.moves) {
    const card = move.text.startsWith("pass ") ? move.text.slice(5) : move.text;
    if ((view.hand || []).includes(card)) byCard.set(card, move);
    else others.push(move);
  }
  const hand = document.getElementById("hand");
  hand.innerHTML = "";
  document.getElementById("me").hidden = message.seat === null;
  for (const card of view.hand || []) {
    const move = byCard.get(card);
    const node = cardNode(card);
    if (move) {
      node.classList.add("move", "playable");
      node.setAttribute("role", "button");
      node.setAttribute("title", move.text);
      node.addEventListener("click", () => send({type: "move", text: move.text}));
    }
    hand.append(node);
  }
  const moves = document.getElementById("moves");
  moves.innerHTML = "";
  for (const move of others) {
    const button = el("button", {class: "move"}, move.label);
    button.addEventListener("click", () => send({type: "move", text: move.text}));
    moves.append(button);
  }
  // One legal move: it is played for the seat after a short pause.
  const only = document.getElementById("only");
  const key = message.moves.length === 1 ? JSON.stringify([view, message.moves[0]]) : null;
  only.textContent = key ? "Your only legal move, " + message.moves[0].label + ", is played for you" : "";
  if (key !== onlyKey) {
    clearTimeout(onlyTimer);
    onlyKey = key;
    if (key) onlyTimer = setTimeout(() => send({type: "move", text: message.moves[0].text}), ONLY_MOVE_MS);
  }

  const explain = document.getElementById("explain");
  explain.innerHTML = "";
  for (const line of message.last_trick) explain.append(el("li", {}, line));

  const sheet = document.getElementById("sheet");
  sheet.innerHTML = "";
  const head = el("tr", {}, el("th", {}, "hand"));
  for (let s = 0; s < view.hand_sizes.length; s++) head.append(el("th", {}, seatName(message, s)));
  sheet.append(head);
  for (const result of view.history) {
    const row = el("tr", {}, el("td", {}, result.hand_number + " (" + result.cards_dealt + ")"));
    for (let s = 0; s < result.bids.length; s++) {
      const made = result.bids[s] === result.tricks_won[s];
      row.append(el("td", {class: made ? "made" : "",
        title: "bid " + result.bids[s] + ", won " + result.tricks_won[s] + ", score " + result.scores[s]},
        result.bids[s] + "/" + result.tricks_won[s] + " → " + result.scores[s]));
    }
    sheet.append(row);
  }
  document.getElementById("legend").hidden = view.history.length === 0;
  const panel = document.getElementById("invites-panel");
  panel.hidden = !message.invites;
  const invites = document.getElementById("invites");
  invites.innerHTML = "";
  for (const [i, link] of (message.invites || []).entries()) {
    const url = window.location.origin + link;
    invites.append(el("li", {}, "Seat " + (i + 1) + ": ", el("a", {href: url}, url)));
  }
}

function send(message) {
  document.getElementById("error").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(scheme + "//" + window.location.host + "/ws/" + tableId +
    (token ? "?seat=" + encodeURIComponent(token) : ""));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") render(message);
    else if (message.type === "error") {
      document.getElementById("error").textContent = message.message;
      document.getElementById("hint").textContent = "";
    }
    else if (message.type === "hint") document.getElementById("hint").textContent = message.text;
  });
  // A reload or a lost connection comes back to the same seat.
  socket.addEventListener("close", (event) => {
    if (event.code !== 4404 && event.code !== 1009) setTimeout(connect, 1000);
  });
}

document.getElementById("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const answer = document.getElementById("answer");
  if (answer.value.trim()) send({type: "move", text: answer.value.trim()});
  answer.value = "";
});
function askHint() {
  document.getElementById("hint").textContent = "thinking…";
  send({type: "hint"});
}
document.getElementById("hint-button").addEventListener("click", askHint);
// The key of the command line's play (a), and h as well.
document.addEventListener("keydown", (event) => {
  if ((event.key === "a" || event.key === "h") && document.activeElement.tagName !== "INPUT") {
    askHint();
  }
});
connect();

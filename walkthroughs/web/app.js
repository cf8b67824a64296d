// The sample web app: its backend (app.py) says who the user is and signs their token; the
// three lines below the first are what any web app adds to show FoodPin once per user.
const session = await (await fetch("/session" + location.search)).json();
document.getElementById("user").textContent = session.user;
const { showIfDue } = await import(session.server + "/v1/client.js");
const result = await showIfDue("foodpin", { server: session.server, token: session.token, locale: navigator.language });
document.getElementById("status").textContent = result.shown
  ? `You went through the FoodPin walkthrough (${result.outcome}).`
  : `No walkthrough now (${result.reason}).`;
